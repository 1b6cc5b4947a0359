import type { StatusMailStatus } from '../statusNotifications.ts';

/** What one status e-mail says: its subject, what happened, and what the members may do now. */
export interface StatusMailText {
  subject: (fund: string) => string;
  /** The news, in one sentence: «organisation» and the fund's name are filled in. */
  news: (organization: string, fundTitle: string) => string;
  /** What happens next, or what the members are asked to do. */
  next: string;
  /** Whether the reviewers' note is part of the message (a decision they explain). */
  showsNote: boolean;
}

/**
 * The e-mails that tell an organisation's members of a status change: plain, polite Italian, one
 * entry per status told (domain/statusNotifications.ts). Composed by server/mail/statusMail.ts.
 */
export const statusMailMessages = {
  portalName: 'Portale Fondi',
  greeting: 'Buongiorno,',
  noteHeading: 'Nota dell\u2019amministrazione:',
  integrationHeading: 'Richiesta di integrazione:',
  integrationDeadline: (day: string) => `I documenti vanno caricati entro il ${day}.`,
  integrationItemsHeading: 'Campi e allegati da correggere (durante l\u2019integrazione solo questi possono essere modificati):',
  protocol: (number: string) => `Numero di protocollo della consegna: ${number}.`,
  receiptAttached: 'In allegato trovi la ricevuta della consegna.',
  receiptInPortal: 'La ricevuta della consegna si può scaricare dal portale, nella scheda del fondo.',
  linkIntro: 'Per vedere la candidatura accedi al portale:',
  monitoringLinkIntro: 'Per vedere i periodi di monitoraggio accedi al portale:',
  whyYou: (organization: string) =>
    `Ricevi questa e-mail perché sei membro dell\u2019organizzazione \u00ab${organization}\u00bb sul Portale Fondi. Non rispondere a questo messaggio: l\u2019indirizzo non è presidiato.`,
  statuses: {
    CANDIDATURA_SOTTOMESSA: {
      subject: (fund) => `Portale Fondi: candidatura ${fund} ricevuta`,
      news: (organization, fundTitle) =>
        `abbiamo ricevuto la candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle}.`,
      next: 'L\u2019amministrazione la esaminerà: riceverai un\u2019e-mail a ogni cambio di stato. La candidatura non è più modificabile.',
      showsNote: false,
    },
    INTEGRAZIONE_SOTTOMESSA: {
      subject: (fund) => `Portale Fondi: integrazione ${fund} ricevuta`,
      news: (organization, fundTitle) =>
        `abbiamo ricevuto i documenti integrativi della candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle}.`,
      next: 'L\u2019amministrazione riprenderà l\u2019esame della candidatura: riceverai un\u2019e-mail quando lo stato cambierà.',
      showsNote: false,
    },
    ISTRUTTORIA_SOTTOMESSA: {
      subject: (fund) => `Portale Fondi: istruttoria ${fund} ricevuta`,
      news: (organization, fundTitle) =>
        `abbiamo ricevuto le risposte dell\u2019istruttoria dell\u2019organizzazione \u00ab${organization}\u00bb per il ${fundTitle}, con le dichiarazioni DNSH.`,
      next: 'L\u2019amministrazione le esaminerà in vista della delibera: riceverai un\u2019e-mail quando lo stato cambierà.',
      showsNote: false,
    },
    MONITORAGGIO_SOTTOMESSO: {
      subject: (fund) => `Portale Fondi: monitoraggio ${fund} ricevuto`,
      news: (organization, fundTitle) =>
        `abbiamo ricevuto le risposte di monitoraggio del progetto dell\u2019organizzazione \u00ab${organization}\u00bb finanziato dal ${fundTitle}.`,
      next: 'Quando si aprirà il prossimo periodo di monitoraggio riceverai un\u2019e-mail con la sua scadenza.',
      showsNote: false,
    },
    IN_VALUTAZIONE: {
      subject: (fund) => `Portale Fondi: candidatura ${fund} in valutazione`,
      news: (organization, fundTitle) =>
        `la candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle} è ora in valutazione.`,
      next: 'Non è richiesto nulla da parte tua: riceverai un\u2019e-mail con l\u2019esito della valutazione.',
      showsNote: true,
    },
    AMMISSIBILE: {
      subject: (fund) => `Portale Fondi: candidatura ${fund} ammissibile`,
      news: (organization, fundTitle) =>
        `la candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle} è stata giudicata ammissibile.`,
      next: 'Il passo successivo è l\u2019istruttoria: accedi al portale, apri la scheda del fondo e scegli \u00abCompila istruttoria\u00bb. Compila le survey Istruttoria e Gresb, carica le dichiarazioni DNSH e, al termine, invia l\u2019istruttoria.',
      showsNote: true,
    },
    RIFIUTATA: {
      subject: (fund) => `Portale Fondi: esito della candidatura ${fund}`,
      news: (organization, fundTitle) =>
        `ti informiamo che la candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle} non è stata accolta.`,
      next: 'Le motivazioni dell\u2019amministrazione sono riportate qui sopra e nella cronologia della candidatura sul portale.',
      showsNote: true,
    },
    IN_INTEGRAZIONE: {
      subject: (fund) => `Portale Fondi: richiesta di integrazione per la candidatura ${fund}`,
      news: (organization, fundTitle) =>
        `per la candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle} sono richiesti documenti integrativi.`,
      next: 'Per caricarli accedi al portale, apri la scheda del fondo e scegli \u00abVai agli allegati\u00bb; al termine premi \u00abCompleta integrazione\u00bb.',
      showsNote: false,
    },
    DELIBERATA: {
      subject: (fund) => `Portale Fondi: candidatura ${fund} deliberata`,
      news: (organization, fundTitle) =>
        `la candidatura dell\u2019organizzazione \u00ab${organization}\u00bb al ${fundTitle} è stata deliberata.`,
      next: 'Seguirà il monitoraggio del progetto: quando si aprirà il primo periodo riceverai un\u2019e-mail con la sua scadenza.',
      showsNote: true,
    },
    MONITORAGGIO_CHIUSO: {
      subject: (fund) => `Portale Fondi: monitoraggio ${fund} chiuso`,
      news: (organization, fundTitle) =>
        `il monitoraggio del progetto dell\u2019organizzazione \u00ab${organization}\u00bb finanziato dal ${fundTitle} è stato chiuso.`,
      next: 'Non è richiesto altro da parte tua. Le risposte inviate restano consultabili sul portale.',
      showsNote: true,
    },
  } satisfies Record<StatusMailStatus, StatusMailText>,
} as const;
