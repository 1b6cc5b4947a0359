/**
 * The Italian texts of passwords at the embedded provider: "Password dimenticata?", the reset e-mail and pages,
 * and the change from the account page (the catalogue: domain/messageCatalogue.ts).
 */
export const passwordMessages = {
  tooShort: 'La password deve contenere almeno 10 caratteri',
  tooLong: 'La password è troppo lunga',
  hint: 'Almeno 10 caratteri.',

  forgotLink: 'Password dimenticata?',
  forgotTitle: 'Password dimenticata',
  forgotIntro: 'Scrivi l’indirizzo email con cui ti sei registrato: ti invieremo un collegamento per scegliere una nuova password.',
  forgotSubmit: 'Invia il collegamento',
  forgotInvalidEmail: 'Inserisci un indirizzo email valido',
  backToLogin: 'Torna all’accesso',
  sentTitle: 'Controlla la tua posta',
  sentMessage:
    'Se l’indirizzo corrisponde a un account del Portale Fondi, riceverai a breve un’email con il collegamento per scegliere una nuova password. Il collegamento vale 60 minuti e si può usare una sola volta. Se non la trovi, controlla anche la posta indesiderata.',

  resetTitle: 'Scegli una nuova password',
  resetIntro: 'La nuova password sostituirà quella attuale. Le sessioni aperte su altri dispositivi verranno chiuse.',
  newPassword: 'Nuova password',
  confirmNewPassword: 'Conferma la nuova password',
  confirmMismatch: 'Le due password non coincidono: scrivi di nuovo la nuova password',
  confirmRequired: 'Scrivi di nuovo la nuova password per confermarla',
  resetSubmit: 'Salva la nuova password',
  resetFormErrors: 'Correggi i campi indicati per salvare la nuova password.',
  resetDoneTitle: 'Password aggiornata',
  resetDoneMessage:
    'La nuova password è stata salvata e le sessioni aperte con la vecchia password sono state chiuse. Ora puoi accedere con la nuova password.',
  signIn: 'Accedi al Portale Fondi',

  linkExpiredTitle: 'Collegamento scaduto',
  linkExpired: 'Il collegamento per scegliere una nuova password è scaduto: vale 60 minuti dall’invio.',
  linkUsedTitle: 'Collegamento già usato',
  linkUsed: 'Il collegamento per scegliere una nuova password è già stato usato e non vale più.',
  linkInvalidTitle: 'Collegamento non valido',
  linkInvalid: 'Il collegamento non è valido: potrebbe essere incompleto, oppure nel frattempo ne è stato chiesto uno più recente.',
  requestNewLink: 'Chiedi un nuovo collegamento',

  mailSubject: 'Portale Fondi: scegli una nuova password',

  changeTitle: 'Password',
  changeIntro:
    'Per cambiare la password scrivi quella attuale e poi due volte quella nuova. Le sessioni aperte su altri dispositivi verranno chiuse; qui resterai collegato.',
  currentPassword: 'Password attuale',
  changeSubmit: 'Cambia password',
  currentRequired: 'Password attuale obbligatoria',
  currentWrong: 'Password attuale non corretta',
  sameAsCurrent: 'Nuova password uguale a quella attuale: scegline una diversa',
  changed: 'Password cambiata. Le sessioni aperte su altri dispositivi sono state chiuse.',
  changeFailedTitle: 'Password non cambiata',
  externalTitle: 'Password',
  externalIntro:
    'Il tuo account e la tua password sono gestiti dal servizio di autenticazione con cui accedi, non dal Portale Fondi. Per cambiare la password rivolgiti a:',
  /** Wrong passwords from this address: `wait` is «tra 12 minuti» (server/rateLimits/passwordAttempts.ts). */
  loginSuspended: (wait: string) =>
    `Troppi tentativi di accesso con una password errata da questa connessione: per sicurezza sono sospesi. Riprova ${wait}, oppure scegli una nuova password con «Password dimenticata?».`,
  changeSuspended: (wait: string) =>
    `Troppi tentativi con una password attuale errata da questa connessione: per sicurezza sono sospesi. Riprova ${wait}.`,
  managedElsewhere: 'La password di questo account si cambia presso il servizio di autenticazione con cui accedi.',
} as const;
