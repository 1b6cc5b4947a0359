/**
 * What the server answers when the browser trades the identity provider's code or refresh token for a session
 * (server/routes/jwt.routes.ts); the browser shows the message it receives.
 */
export const sessionMessages = {
  loginExpired: "L'accesso è scaduto o è stato avviato da un altro browser: premi di nuovo Accedi.",
  redirectUriMismatch: "L'indirizzo di ritorno dell'accesso non è quello del portale.",
  identityProviderUnavailable: 'Il servizio di autenticazione non risponde: riprova tra qualche istante.',
  codeRefused: 'Il codice di accesso non è valido o è scaduto: premi di nuovo Accedi.',
  sessionAlreadyClosed: 'La sessione è già chiusa.',
} as const;
