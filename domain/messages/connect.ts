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
    'Se fai parte di questa organizzazione, chiedi a un collega già registrato di invitarti: riceverai un\u2019e-mail con il collegamento per unirti.',
  invitationOnly:
    'Conoscere la P.IVA non basta per entrare in un\u2019organizzazione già registrata: si entra solo su invito di un suo membro.',
  closeMessage: 'Chiudi il messaggio',
} as const;
