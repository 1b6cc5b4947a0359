/**
 * The bodies of the portal's plain-text e-mails (server/mail/): the invitation, the password reset, the address
 * verification, the monitoring reminder and the reminder before a call closes. Their subjects sit with their areas' texts; the greeting and the
 * signature are the status e-mails' (statusMail.ts). Server only: no page loads this file (the catalogue:
 * domain/messageCatalogue.ts).
 */
export const mailMessages = {
  invitation: {
    /** The subject, the portal's own: the organisation and the inviter as registered, never a text the inviter typed. */
    subject: (inviter: string, organization: string) => `${inviter} ti invita a collaborare per «${organization}» sul Portale Fondi`,
    invites: (inviter: string, inviterEmail: string, organization: string) =>
      `${inviter} (${inviterEmail}) ti invita a collaborare per l'organizzazione «${organization}» sul Portale Fondi.`,
    /** Introduces the inviter's own message, quoted below it line by line. */
    quoted: (inviter: string, organization: string) => `${inviter} (${organization}) ha scritto:`,
    howToAccept: (to: string) =>
      `Per accettare l'invito apri il collegamento qui sotto e accedi, o registrati, con questo indirizzo e-mail (${to}):`,
    expiry: (expiresAt: string) => `Il collegamento può essere usato una sola volta e scade il ${expiresAt}.`,
    notExpected: 'Se non ti aspettavi questo invito puoi ignorare questa e-mail.',
  },
  passwordReset: {
    requested: (to: string) =>
      `abbiamo ricevuto una richiesta di scegliere una nuova password per l'account del Portale Fondi registrato con questo indirizzo (${to}).`,
    linkIntro: 'Per scegliere la nuova password apri il collegamento qui sotto:',
    linkRules:
      'Il collegamento vale 60 minuti e si può usare una sola volta. Quando avrai scelto la nuova password, le sessioni aperte con quella vecchia verranno chiuse.',
    notRequested:
      "Se non hai chiesto tu di cambiare la password puoi ignorare questa e-mail: la password attuale resta valida e nessuno l'ha cambiata.",
    closing: 'Cordiali saluti,',
  },
  verification: {
    intro:
      'grazie per esserti registrato al Portale Fondi. Per confermare che questo indirizzo email è tuo apri il collegamento qui sotto:',
    expiry: (expiresAt: string) => `Il collegamento può essere usato una sola volta e scade il ${expiresAt}.`,
    untilConfirmed:
      'Finché l’indirizzo non è confermato puoi consultare il portale, ma non registrare o collegare un’organizzazione né inviare candidature.',
    notRequested: 'Se non hai chiesto tu la registrazione puoi ignorare questa email: l’account resterà non verificato.',
  },
  monitoringReminder: {
    opened: (organization: string, fund: string, title: string) =>
      `per il progetto dell'organizzazione «${organization}» finanziato dal fondo ${fund} è aperto il periodo «${title}».`,
    dueSoon: (organization: string, fund: string, title: string) =>
      `ricordiamo che il periodo «${title}» del progetto dell'organizzazione «${organization}» (fondo ${fund}) non è ancora stato inviato.`,
    due: (day: string) =>
      `Le risposte vanno inviate entro il ${day}. Le risposte del periodo precedente sono già compilate: basta aggiornare ciò che è cambiato e inviare.`,
    howTo:
      'Per compilarlo accedi al portale e apri la pagina Monitoraggio, oppure la scheda del fondo e scegli «Monitora il tuo progetto»:',
  },
  closingReminder: {
    subject: (title: string, when: string) => `Promemoria: il bando «${title}» chiude il ${when}`,
    draft: (organization: string, title: string) =>
      `ricordiamo che la candidatura dell'organizzazione «${organization}» al bando «${title}» è ancora una bozza: non è stata inviata.`,
    closes: (when: string, left: string) =>
      `Il bando chiude il ${when} (mancano ${left}). Dopo quel momento la bozza non potrà più essere modificata né inviata.`,
    sevenDays: '7 giorni',
    twoDays: '48 ore',
    draftIsNotSent:
      'Una bozza salvata non è una candidatura inviata: per partecipare al bando va completata e inviata dal passo «Invia Candidatura».',
    howTo: (organization: string) =>
      `Per completarla accedi al portale, seleziona l'organizzazione «${organization}» e apri la candidatura:`,
  },
} as const;
