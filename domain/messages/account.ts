/** The Italian texts of account (the catalogue: domain/messageCatalogue.ts). */
export const accountMessages = {
  firstNameRequired: 'Campo Nome obbligatorio',
  lastNameRequired: 'Campo Cognome obbligatorio',
  notYourAccount: 'Puoi modificare solo i tuoi dati.',
  updated: 'Cambio dati avvenuto con successo',
  updateFailed: 'Errore nella modifica dei valori nei campi',
} as const;
