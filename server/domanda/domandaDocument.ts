import { createHash } from 'node:crypto';
import { fieldDisplayText } from '../../domain/fieldDisplay.ts';
import type { FundDefinition } from '../../domain/fundDefinition.ts';
import { FUND_ENTRIES } from '../../domain/funds.ts';
import { formatItalianDate } from '../../domain/italianDates.ts';
import { formatItalianNumber } from '../../domain/italianNumbers.ts';
import { domandaMessages as m, type Declarant } from '../../domain/messages/domanda.ts';
import { representativeName, type LegalRepresentation } from '../../domain/organization.ts';
import { isFieldVisible, readPath } from '../../domain/wizardFields.ts';
import type { ReferenceNames } from '../exports/referenceNames.ts';

/**
 * The Domanda: the application as the legal representative signs it digitally before the hand-over (issue 43).
 * Built here as plain text (what the PDF prints, in order), rendered by domandaPdf.ts; the portal checks that the
 * signed PDF is the one of the current content by its fingerprint.
 */

export interface DomandaInput {
  /** The fund's code (domain/funds.ts). */
  fund: string;
  callTitle: string;
  definition: FundDefinition<Record<string, unknown>>;
  /** The application's values as stored (computed values included: prepared by the fund). */
  values: Record<string, unknown>;
  organization: { name: string; pIva: string; codiceFiscale: string | null; address: string | null };
  /** Who represents the organisation (domain/organization.ts `legalRepresentationOf`): who declares and signs. */
  representation: LegalRepresentation;
  /** The files handed over with the application, in the order the Domanda lists them. */
  attachments: readonly { slot: string; name: string; size: number; sha256: string }[];
  names: ReferenceNames;
}

export interface DomandaField {
  label: string;
  value: string;
}

/** A titled group of fields (a wizard step's section), or the fields before any section (no title). */
export interface DomandaGroup {
  title?: string;
  fields: DomandaField[];
}

/** A part under its heading: the call, the applicant, its representative, each wizard step. */
export interface DomandaPart {
  heading: string;
  groups: DomandaGroup[];
}

/** A file handed over: its slot as the title, then its name, size and SHA-256 a line each ("Dimensione: 1.234 byte"). */
export interface DomandaAttachment {
  title: string;
  lines: string[];
}

/** Everything the Domanda's PDF prints, in order, as text: plain JSON, the same for the same content. */
export interface DomandaDocument {
  title: string;
  callTitle: string;
  /** The fund's title, named in every page's footer. */
  fundTitle: string;
  intro: string;
  parts: DomandaPart[];
  /** The files, or the sentence that says there are none. */
  attachments: { heading: string; items: DomandaAttachment[]; none?: string };
  declaration: { heading: string; reference: string; paragraphs: string[] };
  signature: { heading: string; lines: string[] };
}

/**
 * The version of the Domanda's layout (server/domanda/domandaPdf.ts and the writer it uses): part of the
 * fingerprint, so that one fingerprint is one PDF. Raise it with any change of how the document is drawn
 * (positions, sizes, fonts, footer, pdf-lib's version), or a Domanda signed before would no longer match.
 */
const DOMANDA_LAYOUT_VERSION = 1;

const given = (value: string | null): string => (value !== null && value.trim() !== '' ? value.trim() : m.notGiven);
const dayOf = (value: string | null): string | null =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatItalianDate(value) : value;

/** Each step of the wizard with its visible fields, sections as groups in the order the wizard shows them. */
function stepParts(input: DomandaInput): DomandaPart[] {
  const { definition, values, names } = input;
  const parts: DomandaPart[] = [];
  for (const step of definition.steps) {
    const groups: DomandaGroup[] = [];
    for (const field of definition.fields) {
      if (field.step !== step.id || !isFieldVisible(values, field)) continue;
      const text = fieldDisplayText(field, readPath(values, field.name), names, { withUnit: true });
      let group = groups.at(-1);
      if (!group || group.title !== field.section) {
        group = field.section === undefined ? { fields: [] } : { title: field.section, fields: [] };
        groups.push(group);
      }
      group.fields.push({ label: field.label, value: text.trim() === '' ? m.notFilled : text });
    }
    if (groups.length > 0) parts.push({ heading: step.title, groups });
  }
  return parts;
}

function attachmentsOf(input: DomandaInput): DomandaDocument['attachments'] {
  const a = m.attachments;
  const items = input.attachments.map((file, index) => ({
    title: a.item(index + 1, file.slot),
    lines: [a.fileName(file.name), a.size(formatItalianNumber(file.size, 0)), a.sha256(file.sha256.toLowerCase())],
  }));
  return items.length > 0 ? { heading: a.heading, items } : { heading: a.heading, items, none: a.none };
}

type Representative = LegalRepresentation['representatives'][number];

/** The representative's facts, a line each; what is not on record says so. */
function representativeFields(person: Representative): DomandaField[] {
  const r = m.legalRepresentative;
  return [
    { label: r.firstName, value: person.nome },
    { label: r.lastName, value: person.cognome },
    { label: r.fiscalCode, value: person.codiceFiscale },
    { label: r.role, value: given(person.ruolo) },
    { label: r.birthPlace, value: given(person.luogoDiNascita) },
    { label: r.birthDate, value: given(dayOf(person.dataDiNascita)) },
  ];
}

/** The part that names who represents the organisation: one person, or two with how they act. */
function representationPart({ representatives, joint }: LegalRepresentation): DomandaPart {
  const r = m.legalRepresentative;
  if (representatives.length === 1) return { heading: r.heading, groups: [{ fields: representativeFields(representatives[0]) }] };
  return {
    heading: r.headingTwo,
    groups: [
      { fields: [{ label: r.representation, value: joint ? r.joint : r.either }] },
      ...representatives.map((person, index) => ({ title: r.person(index + 1), fields: representativeFields(person) })),
    ],
  };
}

/**
 * Who declares and signs. One representative is named; two who act together are both named and both sign; of two who
 * act each alone, the one who signs is the one the signature's certificate names (the portal checks it is one of them).
 */
function declarationAndSignature(representation: LegalRepresentation, organization: DomandaInput['organization']) {
  const declarant = (person: Representative): Declarant => ({
    name: representativeName(person),
    fiscalCode: person.codiceFiscale,
    birthPlace: person.luogoDiNascita?.trim() || null,
    birthDate: dayOf(person.dataDiNascita)?.trim() || null,
    role: person.ruolo?.trim() || null,
  });
  const of = { organization: organization.name, vatNumber: organization.pIva };
  const d = m.declaration;
  const { representatives, joint } = representation;
  if (representatives.length === 1) {
    const [person] = representatives;
    return {
      opening: [d.declarant(declarant(person), of)],
      plural: false,
      signature: [m.signature.signer, representativeName(person)],
    };
  }
  if (joint) {
    return {
      opening: [d.jointDeclarants(representatives.map(declarant), of)],
      plural: true,
      signature: [m.signature.signers, ...representatives.map(representativeName)],
    };
  }
  return { opening: [d.eitherDeclarant(of)], plural: false, signature: [m.signature.eitherSigner] };
}

/** The Domanda of an application: the call, the applicant, every visible answer, the files, the declaration. */
export function buildDomandaDocument(input: DomandaInput): DomandaDocument {
  const { organization, representation } = input;
  const fundTitle = FUND_ENTRIES.find((entry) => entry.fund === input.fund)?.title ?? input.fund;
  const o = m.organization;
  const declaration = declarationAndSignature(representation, organization);
  return {
    title: m.title,
    callTitle: input.callTitle,
    fundTitle,
    intro: representation.joint ? m.introJoint(organization.name) : m.intro(organization.name),
    parts: [
      {
        heading: m.call.heading,
        groups: [
          {
            fields: [
              { label: m.call.call, value: input.callTitle },
              { label: m.call.fund, value: fundTitle },
            ],
          },
        ],
      },
      {
        heading: o.heading,
        groups: [
          {
            fields: [
              { label: o.name, value: organization.name },
              { label: o.vatNumber, value: organization.pIva },
              { label: o.fiscalCode, value: given(organization.codiceFiscale) },
              { label: o.address, value: given(organization.address) },
            ],
          },
        ],
      },
      representationPart(representation),
      ...stepParts(input),
    ],
    attachments: attachmentsOf(input),
    declaration: {
      heading: m.declaration.heading,
      reference: m.declaration.reference,
      paragraphs: [
        ...declaration.opening,
        declaration.plural ? m.declaration.awarenessPlural : m.declaration.awareness,
        declaration.plural ? m.declaration.declarePlural : m.declaration.declares,
        m.declaration.statement,
      ],
    },
    signature: { heading: m.signature.heading, lines: [...declaration.signature, m.signature.digital] },
  };
}

/** JSON with every object's keys in order: the same text for the same content, however it was assembled. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 hex of the document's canonical JSON and the renderer's layout version: equal content ⇔ equal fingerprint ⇔ byte-identical PDF. */
export function domandaFingerprint(document: DomandaDocument): string {
  return createHash('sha256')
    .update(`domanda-layout-${DOMANDA_LAYOUT_VERSION}\n${canonicalJson(document)}`)
    .digest('hex');
}
