/** Verifying the address of an account of the embedded provider, and what waits for it (Italian, for people). */
export const verificationMessages = {
  /** Spec §8: the banner's title and the start of every refusal. */
  title: 'Registrazione non verificata',
  banner:
    'Abbiamo inviato un link di verifica al tuo indirizzo email. Aprilo per confermare la registrazione: fino ad allora puoi consultare il portale, ma non registrare o collegare un’organizzazione né inviare candidature.',
  /** With an external provider (OIDC_ISSUER) the portal sends no link: the provider is where the address is confirmed. */
  externalBanner:
    'Il servizio di autenticazione con cui accedi non ha ancora confermato il tuo indirizzo email. Confermalo presso quel servizio, poi esci dal portale e accedi di nuovo: fino ad allora puoi consultare il portale, ma non registrare o collegare un’organizzazione né inviare candidature.',
  resend: 'Invia di nuovo il link',
  resending: 'Invio in corso…',
  /** Always the same answer to a resend, whether a mail left or not: nobody learns more from it. */
  resent: 'Se la registrazione non è ancora verificata, riceverai a breve una nuova email con il link di verifica.',
  resendFailed: 'Non è stato possibile inviare la richiesta. Riprova tra qualche istante.',
  /** The 403 of every action that needs a verified address. */
  refused: 'Registrazione non verificata: conferma il tuo indirizzo email aprendo il link che ti abbiamo inviato, poi riprova.',
  refusedExternal:
    'Registrazione non verificata: conferma il tuo indirizzo email presso il servizio di autenticazione con cui accedi, poi esci dal portale, accedi di nuovo e riprova.',
  // The mail.
  mailSubject: 'Portale Fondi: conferma il tuo indirizzo email',
  // The page a link opens: only its button verifies (a mail scanner following the link confirms nothing).
  confirmTitle: 'Conferma il tuo indirizzo email',
  confirmIntro: 'Premi il pulsante qui sotto per confermare che questo indirizzo email è tuo.',
  confirmSubmit: 'Conferma l’indirizzo email',
  // The provider's pages after the link is opened.
  verifiedTitle: 'Indirizzo email verificato',
  verifiedMessage: 'Grazie: il tuo indirizzo email è confermato. Torna al Portale Fondi per registrare o collegare la tua organizzazione.',
  alreadyVerifiedMessage: 'Il tuo indirizzo email era già confermato. Puoi continuare a usare il Portale Fondi.',
  invalidTitle: 'Link di verifica non valido',
  invalidMessage:
    'Il link non è valido, è già stato usato o è scaduto. Accedi al Portale Fondi e premi «Invia di nuovo il link» per riceverne uno nuovo.',
  backToPortal: 'Torna al Portale Fondi',
  // Registration's consent.
  termsLabel: 'Ho letto l’informativa sul trattamento dei dati personali e accetto le condizioni di utilizzo del portale',
  termsRequired: 'Per registrarti devi accettare le condizioni e prendere visione dell’informativa sulla privacy.',
} as const;
