/**
 * The Italian texts of the embedded identity provider's own pages (server/idp/): login, registration, logout and
 * the pages of an interaction gone wrong. Texts the portal already has (Accedi, Registrati, the account's labels,
 * the password's rules) are taken from their own areas (the catalogue: domain/messageCatalogue.ts).
 */
export const identityProviderMessages = {
  invalidCredentials: 'Credenziali non valide',
  passwordLabel: 'Password',
  noAccount: 'Non hai un account?',
  haveAccount: 'Hai già un account?',
  opensInNewWindow: '(si apre in una nuova finestra)',
  registrationFormErrors: 'Correggi i campi indicati per completare la registrazione.',
  firstNameRequired: 'Il nome è obbligatorio',
  firstNameTooLong: 'Il nome può avere al massimo 100 caratteri',
  lastNameRequired: 'Il cognome è obbligatorio',
  lastNameTooLong: 'Il cognome può avere al massimo 100 caratteri',
  /** After Registrati, the same page whether the address is new or already has an account. */
  registrationSentTitle: 'Controlla la tua casella di posta',
  registrationSentMessage:
    'Ti abbiamo inviato un’email all’indirizzo indicato. Se è la prima registrazione con questo indirizzo, contiene il link per confermarlo; se un account esiste già, ti spiega come accedere o recuperare la password.',
  registrationSentNext: 'Quando hai letto l’email, accedi con il tuo indirizzo e la password.',
  /** The mail to an address that registers again: it already has an account. */
  accountExistsMail: {
    subject: 'Portale Fondi: hai già un account',
    intro: (to: string) =>
      `abbiamo ricevuto una richiesta di registrazione al Portale Fondi con questo indirizzo (${to}), che ha già un account.`,
    signIn:
      'Puoi accedere al portale con il tuo indirizzo e la tua password. Se non la ricordi, usa «Password dimenticata?» dal collegamento qui sotto:',
    notRequested: 'Se non hai chiesto tu la registrazione puoi ignorare questa email: il tuo account non è cambiato.',
    closing: 'Cordiali saluti,',
  },
  interactionExpiredTitle: 'Sessione di accesso scaduta',
  interactionExpired: 'La pagina di accesso non è più valida. Torna al portale e premi di nuovo Accedi o Registrati.',
  loggingOutTitle: 'Uscita in corso',
  loggingOut: 'Uscita in corso…',
  loggedOutTitle: 'Sei uscito',
  loggedOut: 'La sessione è stata chiusa.',
  /** The provider's error page: `error` is the OAuth error code, or `unknownError`. */
  loginError: (error: string) => `Non è stato possibile completare l'accesso (${error}). Riprova dal portale.`,
  unknownError: 'errore',
  assetNotFound: 'Risorsa non trovata',
  /** The name of the bootstrap administrator's account when the portal creates it (server/idp/accounts.ts, ensureAdmin). */
  adminAccount: { firstName: 'Amministratore', lastName: 'Portale' },
} as const;
