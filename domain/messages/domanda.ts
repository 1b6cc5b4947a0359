/**
 * The Domanda: the application as the legal representative signs it digitally before the hand-over (issue 43),
 * written by the portal as a PDF (server/domanda/). Server only (the catalogue: domain/messageCatalogue.ts).
 */

/** Who declares, as the declaration names them: only what is known is written. */
export interface Declarant {
  name: string;
  fiscalCode: string;
  birthPlace: string | null;
  birthDate: string | null;
  role: string | null;
}

/** The organisation the declarants represent. */
export interface Represented {
  organization: string;
  vatNumber: string;
}

const roleText = (role: string | null) => (role ? ` (${role})` : '');

/** "Mario Rossi, codice fiscale …, nato/a a … il …": one declarant as the declaration names them. */
const personText = (who: Declarant) => `${who.name}, codice fiscale ${who.fiscalCode}${bornText(who)}`;

function bornText({ birthPlace, birthDate }: Pick<Declarant, 'birthPlace' | 'birthDate'>): string {
  if (birthPlace && birthDate) return `, nato/a a ${birthPlace} il ${birthDate}`;
  if (birthPlace) return `, nato/a a ${birthPlace}`;
  if (birthDate) return `, nato/a il ${birthDate}`;
  return '';
}

export const domandaMessages = {
  portalName: 'Portale Fondi',
  title: 'Domanda di partecipazione',
  intro: (organization: string) =>
    `${organization}, tramite il proprio legale rappresentante, presenta domanda di partecipazione al bando indicato di seguito, con i dati e i documenti riportati in questo documento.`,
  introJoint: (organization: string) =>
    `${organization}, tramite i propri legali rappresentanti con firma congiunta, presenta domanda di partecipazione al bando indicato di seguito, con i dati e i documenti riportati in questo documento.`,
  call: {
    heading: 'Bando',
    call: 'Bando',
    fund: 'Fondo',
  },
  organization: {
    heading: 'Soggetto richiedente',
    name: 'Denominazione',
    vatNumber: 'Partita IVA',
    fiscalCode: 'Codice fiscale',
    address: 'Sede legale',
  },
  legalRepresentative: {
    heading: 'Legale rappresentante',
    headingTwo: 'Legali rappresentanti',
    representation: 'Rappresentanza',
    joint: 'Congiunta: la domanda è firmata da entrambi i legali rappresentanti',
    either: 'Disgiunta: la domanda è firmata da uno dei legali rappresentanti',
    person: (index: number) => (index === 1 ? 'Primo legale rappresentante' : 'Secondo legale rappresentante'),
    firstName: 'Nome',
    lastName: 'Cognome',
    fiscalCode: 'Codice fiscale',
    role: 'Ruolo',
    birthPlace: 'Luogo di nascita',
    birthDate: 'Data di nascita',
  },
  /** What an empty answer of the application shows. */
  notFilled: 'Non compilato',
  /** What a fact of the organisation or of its representative that is not on record shows. */
  notGiven: 'Non indicato',
  attachments: {
    heading: 'Allegati',
    none: 'Nessun allegato.',
    item: (index: number, slot: string) => `${index}. ${slot}`,
    fileName: (name: string) => `Nome del file: ${name}`,
    size: (bytes: string) => `Dimensione: ${bytes} byte`,
    sha256: (hash: string) => `Impronta SHA-256: ${hash}`,
  },
  declaration: {
    heading: 'Dichiarazione sostitutiva di atto di notorietà',
    reference: '(artt. 46 e 47 del D.P.R. 28 dicembre 2000, n. 445)',
    declarant: (who: Declarant, of: Represented) =>
      `Il/La sottoscritto/a ${personText(who)}, in qualità di legale rappresentante${roleText(who.role)} di ${of.organization}, partita IVA ${of.vatNumber},`,
    jointDeclarants: (who: readonly Declarant[], of: Represented) =>
      `I sottoscritti ${who.map((person) => personText({ ...person, name: `${person.name}${roleText(person.role)}` })).join(', e ')}, in qualità di legali rappresentanti con firma congiunta di ${of.organization}, partita IVA ${of.vatNumber},`,
    eitherDeclarant: (of: Represented) =>
      `Il/La sottoscritto/a, legale rappresentante di ${of.organization}, partita IVA ${of.vatNumber}, tra quelli indicati nella sezione \u00abLegali rappresentanti\u00bb, identificato/a dal certificato della firma digitale con cui sottoscrive il presente documento,`,
    awarenessPlural:
      'consapevoli delle sanzioni penali previste dall\u2019art. 76 del D.P.R. 445/2000 per le dichiarazioni mendaci, la formazione o l\u2019uso di atti falsi, e della decadenza dai benefici eventualmente conseguiti sulla base di dichiarazioni non veritiere prevista dall\u2019art. 75 del medesimo decreto,',
    declarePlural: 'DICHIARANO',
    awareness:
      'consapevole delle sanzioni penali previste dall\u2019art. 76 del D.P.R. 445/2000 per le dichiarazioni mendaci, la formazione o l\u2019uso di atti falsi, e della decadenza dai benefici eventualmente conseguiti sulla base di dichiarazioni non veritiere prevista dall\u2019art. 75 del medesimo decreto,',
    declares: 'DICHIARA',
    statement:
      'ai sensi degli artt. 46 e 47 del D.P.R. 445/2000, che i dati e le informazioni riportati nella presente domanda e i documenti allegati, elencati con la loro impronta SHA-256, sono veritieri, completi e conformi agli originali.',
  },
  signature: {
    heading: 'Sottoscrizione',
    signer: 'Il legale rappresentante',
    signers: 'I legali rappresentanti',
    eitherSigner: 'Uno dei legali rappresentanti indicati nella sezione \u00abLegali rappresentanti\u00bb',
    digital: 'Documento sottoscritto con firma digitale ai sensi del D.Lgs. 82/2005 (CAD)',
  },
  footer: (fund: string, fingerprint: string) => `Domanda di partecipazione \u2013 ${fund} \u2013 impronta ${fingerprint}`,
  page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
} as const;
