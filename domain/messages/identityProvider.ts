/**
 * The Italian texts of the embedded identity provider's own pages (server/idp/): login, registration, logout and
 * the pages of an interaction gone wrong. Texts the portal already has (Accedi, Registrati, the account's labels,
 * the password's rules) are taken from their own areas (the catalogue: domain/messageCatalogue.ts).
 */
export const identityProviderMessages = {
  passwordLabel: 'Password',
  noAccount: 'Non hai un account?',
  haveAccount: 'Hai già un account?',
  opensInNewWindow: '(si apre in una nuova finestra)',
  registrationFormErrors: 'Correggi i campi indicati per completare la registrazione.',
  firstNameRequired: 'Il nome è obbligatorio',
  firstNameTooLong: 'Il nome può avere al massimo 100 caratteri',
  lastNameRequired: 'Il cognome è obbligatorio',
  lastNameTooLong: 'Il cognome può avere al massimo 100 caratteri',
  emailTaken: 'Esiste già un account con questa email: accedi oppure usa un altro indirizzo.',
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
