/** The Italian texts of accountPage (the catalogue: domain/messageCatalogue.ts). */
export const accountPageMessages = {
  title: 'Account',
  intro: 'I tuoi dati personali. Puoi modificare un campo alla volta.',
  firstName: 'Nome',
  lastName: 'Cognome',
  email: 'Email',
  emailHint: 'È l\u2019indirizzo con cui accedi: non si può modificare.',
  failedTitle: 'Errore!',
} as const;
