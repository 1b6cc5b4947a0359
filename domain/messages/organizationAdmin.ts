import type { MemberRole } from '../organization.ts';

/** Who the acts of a platform administrator are attributed to, in mails and on the page. */
const administration = 'l\u2019amministrazione del portale';

/**
 * The platform administrators' acts on an organisation (issue 42: add a member by e-mail, remove one, make one the
 * Referente, suspend the organisation and give it back), the suspension its members read, and the e-mails that
 * tell the organisation's Referenti.
 */
export const organizationAdminMessages = {
  roles: { admin: 'Referente', editor: 'Compilatore', viewer: 'Sola lettura' } satisfies Record<MemberRole, string>,
  reason: {
    label: 'Motivo',
    description: (min: number, max: number) =>
      `Obbligatorio: da ${min} a ${max} caratteri. Resta nello storico dell\u2019organizzazione ed è comunicato ai suoi Referenti.`,
    required: 'Indicare il motivo',
    // The limits of domain/organizationAdmin.ts (ADMIN_REASON_MIN_LENGTH, ADMIN_REASON_MAX_LENGTH), written out:
    // the server shows a validation issue only when its text is one of the catalogue's strings.
    tooShort: 'Il motivo deve essere di almeno 10 caratteri',
    tooLong: 'Il motivo non può superare 1000 caratteri',
  },
  emailInvalid: 'Indirizzo e-mail non valido',
  roleInvalid: 'Ruolo non valido',
  accountNotFound:
    'Nessun account del portale usa questo indirizzo e-mail: la persona deve prima registrarsi sul Portale Fondi con questo indirizzo, poi potrà essere aggiunta. In alternativa un Referente dell\u2019organizzazione può invitarla dalla pagina dell\u2019organizzazione.',
  accountIsPlatformAdmin: 'Un amministratore della piattaforma non può diventare membro di un\u2019organizzazione.',
  alreadyMember: 'La persona indicata fa già parte di questa organizzazione.',
  alreadyReferent: 'La persona indicata è già Referente di questa organizzazione.',
  lastReferent: 'La persona indicata è l\u2019unico Referente dell\u2019organizzazione: nominare prima un altro Referente, poi rimuoverla.',
  alreadySuspended: 'L\u2019organizzazione è già sospesa.',
  notSuspended: 'L\u2019organizzazione non è sospesa.',
  historyReferentsOnly: 'Lo storico dell\u2019organizzazione è consultabile solo dai suoi Referenti.',
  section: {
    title: 'Gestione dell\u2019organizzazione',
    status: 'Stato',
    active: 'Attiva',
    suspended: 'Sospesa',
    reasonOf: (reason: string) => `Motivo della sospensione: ${reason}`,
    actionsLabel: 'Azioni dell\u2019amministrazione',
  },
  actions: {
    add: 'Aggiungi un membro',
    remove: 'Rimuovi un membro',
    makeReferent: 'Nomina Referente',
    suspend: 'Sospendi l\u2019organizzazione',
    restore: 'Riattiva l\u2019organizzazione',
  },
  dialog: {
    email: 'E-mail della persona',
    emailDescription: 'La persona deve avere già un account sul Portale Fondi.',
    role: 'Ruolo',
    member: 'Membro',
    chooseMember: 'Scegli un membro',
    demote: 'Gli attuali Referenti diventano Compilatori',
    confirm: 'Conferma',
    cancel: 'Annulla',
    close: 'Chiudi',
    submitting: 'Invio in corso…',
    suspendWarning: 'I membri potranno consultare i dati ma non modificare né consegnare nulla; le candidature mantengono il loro stato.',
  },
  outcome: {
    added: (email: string) => `${email} è stato aggiunto all\u2019organizzazione.`,
    removed: (name: string) => `${name} è stato rimosso dall\u2019organizzazione.`,
    referent: (name: string) => `${name} è ora Referente dell\u2019organizzazione.`,
    suspended: 'L\u2019organizzazione è stata sospesa.',
    restored: 'L\u2019organizzazione è stata riattivata.',
    failed: 'L\u2019operazione non è riuscita. Riprova tra poco.',
  },
  mail: {
    subject: (act: string, organization: string) => `Portale Fondi: ${act} \u2014 \u00ab${organization}\u00bb`,
    acts: {
      added: 'aggiunta di un membro',
      removed: 'rimozione di un membro',
      referent: 'nomina del Referente',
      suspended: 'sospensione dell\u2019organizzazione',
      restored: 'riattivazione dell\u2019organizzazione',
    },
    news: {
      added: (organization: string, person: string, role: string) =>
        `${administration} ha aggiunto ${person} all\u2019organizzazione \u00ab${organization}\u00bb con il ruolo di ${role}.`,
      removed: (organization: string, person: string) =>
        `${administration} ha rimosso ${person} dall\u2019organizzazione \u00ab${organization}\u00bb.`,
      referent: (organization: string, person: string) =>
        `${administration} ha nominato ${person} Referente dell\u2019organizzazione \u00ab${organization}\u00bb.`,
      referentMoved: (organization: string, person: string, demoted: string) =>
        `${administration} ha nominato ${person} Referente dell\u2019organizzazione \u00ab${organization}\u00bb; ${demoted} ora ha il ruolo di Compilatore.`,
      suspended: (organization: string) =>
        `${administration} ha sospeso l\u2019organizzazione \u00ab${organization}\u00bb: i suoi membri possono consultare i dati ma non modificare né consegnare nulla finché non sarà riattivata. Le candidature mantengono il loro stato.`,
      restored: (organization: string) =>
        `${administration} ha riattivato l\u2019organizzazione \u00ab${organization}\u00bb: i suoi membri possono di nuovo modificare e consegnare.`,
    },
    when: (at: string) => `Data e ora: ${at} (ora italiana).`,
    reason: 'Motivo indicato dall\u2019amministrazione:',
    linkIntro: 'Per vedere l\u2019organizzazione e il suo storico accedi al portale:',
    whyYou: (organization: string) =>
      `Ricevi questa e-mail perché sei Referente dell\u2019organizzazione \u00ab${organization}\u00bb sul Portale Fondi, o perché l\u2019atto ti riguarda. Non rispondere a questo messaggio: l\u2019indirizzo non è presidiato.`,
  },
} as const;
