/**
 * A suspended organisation (issue 42), as its members read it: the refusal of every change (403
 * organization_suspended) and the banner on every page. Small on purpose: the authenticated layout loads it.
 */
export const suspensionMessages = {
  refused: (reason: string) =>
    `L\u2019organizzazione è sospesa dall\u2019amministrazione del portale: non è possibile modificare né consegnare nulla finché non sarà riattivata. Motivo: ${reason}`,
  bannerTitle: (organization: string) => `L\u2019organizzazione \u00ab${organization}\u00bb è sospesa`,
  bannerText:
    'Puoi consultare i dati e le candidature, ma non modificare né consegnare nulla finché l\u2019amministrazione del portale non la riattiva. Le candidature mantengono il loro stato.',
  bannerReason: (reason: string) => `Motivo: ${reason}`,
  /** Above an application or a survey of a suspended organisation: the banner above it already gives the reason. */
  readOnly: 'Finché l\u2019organizzazione è sospesa, candidature, integrazioni e survey si possono solo consultare.',
} as const;
