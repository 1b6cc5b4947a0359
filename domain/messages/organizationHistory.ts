import type { OrganizationEventKind } from '../organizationHistory.ts';

/**
 * The organisation's history as people read it (the table on the organisation's page): what each kind of act
 * was, in Italian, and the table's headings.
 */
export const organizationHistoryMessages = {
  title: 'Storico dell\u2019organizzazione',
  description: 'Gli atti su chi agisce per l\u2019organizzazione: chi li ha compiuti, quando e perché.',
  empty: 'Nessun atto registrato finora.',
  loadFailed: 'Non è stato possibile caricare lo storico dell\u2019organizzazione.',
  columns: { at: 'Data e ora', actor: 'Chi', action: 'Azione', reason: 'Motivo' },
  /** Who acted: a platform administrator is named as the administration, the platform itself when nobody acted. */
  administration: 'L\u2019amministrazione del portale',
  platform: 'Il portale (automatico)',
  noReason: '—',
  kinds: {
    'member.added': (subject: string) => `Aggiunta di ${subject} ai membri`,
    'member.removed': (subject: string) => `Rimozione di ${subject} dai membri`,
    'member.role_changed': (subject: string) => `Cambio di ruolo di ${subject}`,
    'referent.moved': (subject: string) => `Ruolo di Referente passato a ${subject}`,
    'legal_representative.changed': () => 'Modifica del legale rappresentante',
    'organization.suspended': () => 'Sospensione dell\u2019organizzazione',
    'organization.restored': () => 'Riattivazione dell\u2019organizzazione',
    'join_request.created': (subject: string) => `Richiesta di ingresso di ${subject}`,
    'join_request.accepted': (subject: string) => `Richiesta di ingresso di ${subject} accolta`,
    'join_request.refused': (subject: string) => `Richiesta di ingresso di ${subject} respinta`,
    'join_request.expired': (subject: string) => `Richiesta di ingresso di ${subject} scaduta`,
  } satisfies Record<OrganizationEventKind, (subject: string) => string>,
  /** Stands for the person when the history has no name for them. */
  someone: 'una persona',
  roleChange: (from: string, to: string) => `da ${from} a ${to}`,
} as const;
