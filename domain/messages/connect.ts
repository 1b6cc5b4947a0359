/** The Italian texts of connect (the catalogue: domain/messageCatalogue.ts). */
export const connectMessages = {
  intro: 'Inserisci la partita IVA della tua organizzazione: verificheremo se è già registrata nella piattaforma.',
  vatLabel: 'Partita IVA',
  vatDescription: '11 cifre, senza il prefisso IT.',
  confirm: 'Conferma',
  checking: 'Verifica in corso…',
  registerPrompt: 'Puoi registrarla ora: diventerai il primo amministratore dell\u2019organizzazione.',
  registerLink: 'Registra la tua organizzazione',
  registeredName: 'Organizzazione registrata con questa P.IVA:',
  invitationHint:
    'Se fai parte di questa organizzazione, chiedi a un collega già registrato di invitarti: riceverai un\u2019e-mail con il collegamento per unirti. Oppure chiedi di entrare: decideranno i suoi referenti.',
  invitationOnly:
    'Conoscere la P.IVA non basta per entrare in un\u2019organizzazione già registrata: si entra su invito di un suo membro o con una richiesta accettata dai suoi referenti o dagli amministratori della piattaforma.',
  closeMessage: 'Chiudi il messaggio',
} as const;
