/** The Italian texts of the e-mails about requests to join an organisation (the catalogue: domain/messageCatalogue.ts). */
export const joinRequestMailMessages = {
  arrived: {
    subject: (organization: string) => `Richiesta di entrare in «${organization}»`,
    news: (person: string, email: string, organization: string) =>
      `${person} (${email}) chiede di entrare nell\u2019organizzazione «${organization}» nel Portale Fondi.`,
    reasonHeading: 'Il motivo indicato:',
    howToDecide: (days: number) =>
      `Puoi accettare o rifiutare la richiesta dalla pagina dell\u2019organizzazione, nella sezione «Richieste di adesione», entro ${days} giorni:`,
    acceptedRole: 'Se la accetti, la persona entrerà come Compilatore.',
    whyYou: (organization: string) =>
      `Ricevi questo messaggio perché sei referente dell\u2019organizzazione «${organization}». Se non conosci questa persona, rifiuta la richiesta.`,
  },
  accepted: {
    subject: (organization: string) => `Sei entrato in «${organization}»`,
    news: (organization: string) =>
      `La tua richiesta di entrare nell\u2019organizzazione «${organization}» è stata accettata: ora ne fai parte come Compilatore.`,
    link: 'Accedi al portale per vedere l\u2019organizzazione e le sue candidature:',
  },
  refused: {
    subject: (organization: string) => `Richiesta di entrare in «${organization}» rifiutata`,
    news: (organization: string) => `La tua richiesta di entrare nell\u2019organizzazione «${organization}» è stata rifiutata.`,
    noteHeading: 'La nota di chi ha deciso:',
    help: 'Se ritieni che si tratti di un errore, puoi rivolgerti agli amministratori della piattaforma.',
  },
} as const;
