/** The Italian texts of the requests to join a registered organisation (the catalogue: domain/messageCatalogue.ts). */
export const joinRequestMessages = {
  // The offer on /flow-organization, beside "La P.IVA inserita risulta già registrata nella piattaforma".
  offer: 'Richiedi di entrare nell\u2019organizzazione',
  offerHint:
    'Se fai parte di questa organizzazione puoi chiedere di entrarvi: i suoi referenti e gli amministratori della piattaforma riceveranno la richiesta e potranno accettarla o rifiutarla.',
  reasonLabel: 'Motivo della richiesta',
  reasonDescription: (min: number, max: number) =>
    `Spiega in breve chi sei e perché chiedi di entrare (da ${min} a ${max} caratteri). Lo leggeranno i referenti dell\u2019organizzazione.`,
  reasonTooShort: (min: number) => `Il motivo deve contenere almeno ${min} caratteri.`,
  reasonTooLong: (max: number) => `Il motivo può contenere al massimo ${max} caratteri.`,
  noteTooLong: (max: number) => `La nota può contenere al massimo ${max} caratteri.`,
  send: 'Invia la richiesta',
  sending: 'Invio della richiesta in corso…',
  cancel: 'Annulla',
  sent: 'Richiesta inviata',
  sentText: (organization: string) =>
    `La tua richiesta di entrare in «${organization}» è in attesa: riceverai un\u2019e-mail quando sarà accettata o rifiutata.`,
  sendFailed: 'La richiesta non è stata inviata.',
  // The requester's own requests, on /flow-organization.
  mineTitle: 'Le tue richieste di adesione',
  requestedOn: (date: string) => `Richiesta del ${date}`,
  decidedOn: (date: string) => `decisa il ${date}`,
  expiredOn: (date: string) => `scaduta il ${date}`,
  statusLabels: {
    pending: 'In attesa',
    accepted: 'Accettata',
    refused: 'Rifiutata',
    expired: 'Scaduta',
  },
  noteLabel: 'Nota',
  // The organisation page and the admin panel.
  listTitle: 'Richieste di adesione',
  listEmpty: 'Non ci sono richieste di adesione in attesa.',
  requester: 'Richiedente',
  organization: 'Organizzazione',
  reason: 'Motivo',
  requestedAt: 'Data della richiesta',
  actions: 'Azioni',
  accept: 'Accetta',
  refuse: 'Rifiuta',
  acceptTitle: 'Accetta la richiesta',
  refuseTitle: 'Rifiuta la richiesta',
  acceptConfirm: (person: string, organization: string) =>
    `${person} entrerà in «${organization}» come Compilatore. Vuoi accettare la richiesta?`,
  refuseConfirm: (person: string, organization: string) => `Vuoi rifiutare la richiesta di ${person} di entrare in «${organization}»?`,
  decisionNoteLabel: 'Nota per il richiedente (facoltativa)',
  confirm: 'Conferma',
  deciding: 'Invio della decisione in corso…',
  accepted: (person: string) => `Richiesta accettata: ${person} è ora Compilatore dell\u2019organizzazione.`,
  refused: (person: string) => `Richiesta di ${person} rifiutata.`,
  decideFailed: 'La decisione non è stata registrata.',
  // The server's answers.
  alreadyMember: 'Fai già parte di questa organizzazione: la trovi tra le tue organizzazioni.',
  adminCannotRequest: 'Gli amministratori della piattaforma non chiedono di entrare nelle organizzazioni: possono già vederle tutte.',
  notFound: 'Richiesta di adesione non trovata.',
  expired: (days: number) =>
    `La richiesta è scaduta: le richieste di adesione valgono ${days} giorni. Chi vuole entrare può inviarne una nuova.`,
  alreadyDecided: 'La richiesta è già stata decisa.',
  referentsOnly:
    'Solo i referenti dell\u2019organizzazione e gli amministratori della piattaforma possono decidere le richieste di adesione.',
} as const;
