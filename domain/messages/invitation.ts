/** The Italian texts of invitation (the catalogue: domain/messageCatalogue.ts). */
export const invitationMessages = {
  emailsRequired: 'Inserire almeno un indirizzo e-mail',
  tooManyEmails: 'Puoi invitare al massimo 20 persone per volta',
  emailInvalid: 'Indirizzo e-mail non valido',
  notYourself: 'Puoi inviare inviti solo a nome tuo.',
  sendFailed: 'Non è stato possibile inviare l\u2019e-mail di invito: riprova più tardi.',
  notFound: 'Invito non trovato: controlla il collegamento ricevuto via e-mail.',
  used: 'Questo invito è già stato utilizzato.',
  expired: 'L\u2019invito è scaduto: chiedi un nuovo invito a chi ti ha invitato.',
  wrongAccount: 'Questo invito è destinato a un altro indirizzo e-mail: accedi con l\u2019indirizzo a cui è stato inviato.',
  adminCannotJoin: 'Gli amministratori della piattaforma non possono entrare a far parte di un\u2019organizzazione.',
  /** The names a refused field of POST /api/SendEmail/SendEmail goes by in the answer's message. */
  fieldLabels: { emails: 'E-mail', subject: 'Oggetto', message: 'Messaggio', userId: 'Utente' },
} as const;
