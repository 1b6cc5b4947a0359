import type { MemberRole } from '../organization.ts';

const labels = { admin: 'Referente', editor: 'Compilatore', viewer: 'Sola lettura' } as const satisfies Record<MemberRole, string>;
/** What each role may do, as one clause after "può". */
const may = {
  admin: 'gestire il profilo e i membri, compilare e consegnare',
  editor: 'compilare le domande, caricare gli allegati, rispondere ai questionari e alle integrazioni',
  viewer: 'consultare i dati dell\u2019organizzazione, senza modificarli',
} as const satisfies Record<MemberRole, string>;
const yourRole = (role: MemberRole) => `Il tuo ruolo nell\u2019organizzazione è ${labels[role]}: puoi ${may[role]}.`;

/** The Italian texts of the members' roles (issue 42) and of who hands over (the call's rule). */
export const memberRoleMessages = {
  labels,
  /** The Referente as the members list shows them: the spec's "admin" label beside the role's name. */
  referentWithSpecLabel: 'Referente (admin)',
  may,
  yourRole,
  /** 403 of a route that changes the applications (mode 'write'). */
  refusedWrite: (role: MemberRole) => `${yourRole(role)} Per modificare i dati serve il ruolo Compilatore o Referente.`,
  /** 403 of a route that manages the organisation (mode 'manage'): profile, members, invitations. */
  refusedManage: (role: MemberRole) => `${yourRole(role)} Solo un Referente gestisce il profilo, i membri e gli inviti.`,
  /** 403 of a hand-over under the call's rule 'referents'. */
  refusedHandOverReferents: (role: MemberRole) =>
    `${yourRole(role)} Per questo bando la consegna spetta a un Referente dell\u2019organizzazione.`,
  /** 403 of a hand-over under the call's rule 'legalRepresentative'. */
  refusedHandOverLegalRepresentative:
    'Per questo bando la consegna spetta solo al legale rappresentante dell\u2019organizzazione, riconosciuto dal codice fiscale del suo account (SPID o CIE).',
  /** The browser, where the person may not hand over: who may. */
  handOverByReferents: (names: string) => `Per questo bando può consegnare solo un Referente dell\u2019organizzazione: ${names}.`,
  handOverByNoReferent: 'Per questo bando può consegnare solo un Referente dell\u2019organizzazione.',
  handOverByLegalRepresentative: (name: string) =>
    `Per questo bando può consegnare solo il legale rappresentante dell\u2019organizzazione, ${name}, con l\u2019accesso tramite SPID o CIE.`,
  handOverByLegalRepresentativeUnknown:
    'Per questo bando può consegnare solo il legale rappresentante dell\u2019organizzazione, con l\u2019accesso tramite SPID o CIE: il suo codice fiscale va indicato nel profilo dell\u2019organizzazione.',
  /** The browser, for a Sola lettura member: why nothing can be changed. */
  readOnlyExplanation:
    'Il tuo ruolo nell\u2019organizzazione è Sola lettura: puoi consultare i dati, ma non modificarli. Per cambiare ruolo rivolgiti a un Referente.',
  /** The organisation page, for a member who is not a Referente. */
  manageOnlyReferents: 'Il profilo, i membri e gli inviti sono gestiti dai Referenti dell\u2019organizzazione.',
  /** The legal representative, recognised by fiscal code. */
  legalRepresentative: 'Legale rappresentante',
  youAreLegalRepresentative:
    'Sei riconosciuto come legale rappresentante dell\u2019organizzazione: il codice fiscale del tuo account è quello indicato nel profilo.',
  /** ChangeMemberRole. */
  lastReferent:
    'Non è possibile togliere il ruolo di Referente all\u2019ultimo Referente dell\u2019organizzazione: prima assegna il ruolo di Referente a un altro membro.',
  roleInvalid: 'Ruolo non valido: scegli Referente, Compilatore o Sola lettura.',
  changeRole: 'Cambia ruolo',
  changeRoleOf: (name: string) => `Cambia il ruolo di ${name}`,
  roleField: 'Ruolo',
  confirmChange: 'Salva ruolo',
  cancel: 'Annulla',
  changing: 'Salvataggio del ruolo in corso…',
  changed: (name: string, role: MemberRole) => `Ora ${name} ha il ruolo ${labels[role]}.`,
  changeFailed: 'Non è stato possibile cambiare il ruolo.',
} as const;
