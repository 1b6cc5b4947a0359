import { z } from 'zod';
import { fiscalCodeProblem, normaliseFiscalCode } from './fiscalCode.ts';
import { organizationMessages } from './messages/organization.ts';
import { plainText, type TextShape } from './plainText.ts';
import { idSchema } from './idSchema.ts';
import { UUID_PATTERN } from './uuid.ts';
import { PIVA_LENGTH } from './vatNumber.ts';
import { fiscalCodeMessage } from './messages/fiscalCode.ts';

/** Business constants of the organisation forms (spec §5, §9). */
/**
 * A telephone number as people write it (decision 0033): digits and spaces, with an international prefix (+39…); at most
 * 15 digits (ITU-T E.164), and so many characters with the spaces.
 */
export const TELEPHONE_MAX_LENGTH = 20;
const TELEPHONE_MIN_DIGITS = 6;
const TELEPHONE_MAX_DIGITS = 15;
/** The age of majority: the legal representative has reached it. */
const ADULT_AGE_YEARS = 18;
export const DESCRIPTION_MAX_LENGTH = 400;
export const CODICE_FISCALE_MAX_LENGTH = 16;
export const NAME_MIN_LENGTH = 3;
export const PERCENT_PARTICIPATION_MAX_CHARS = 3;
/** Legal form id meaning "other": the text field `altro` becomes required. */
export const FORMA_GIURIDICA_ALTRO_ID = 8;
/** Free-text fields without a limit in the spec get a generous one, so nobody stores a novel. */
const TEXT_MAX_LENGTH = 200;
/** A house number with its letter, slash or "bis" ("12", "12/A", "12 bis", "SNC"). */
export const NUM_CIVICO_MAX_LENGTH = 15;
/** Codice di avviamento postale: five digits (the schema's `cap`). */
export const CAP_LENGTH = 5;

/**
 * A member's one role in an organisation: 'admin' is the Referente (the spec's "admin" label: manages
 * the members and the profile), 'editor' the Compilatore (edits drafts, uploads, answers surveys and
 * integrations), 'viewer' Sola lettura. Who may hand over is the call's rule (domain/call.ts).
 */
export const MEMBER_ROLES = ['admin', 'editor', 'viewer'] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRoleSchema>;
/** The Referente's role: the spec's "admin" label. */
export const REFERENT_ROLE = 'admin' satisfies MemberRole;
/** The role of a person who joins by invitation or by an accepted request, unless another is chosen. */
export const DEFAULT_MEMBER_ROLE = 'editor' satisfies MemberRole;
/** A stored role this code does not know (none should exist) counts as the least one. */
export const parseMemberRole = (value: unknown): MemberRole => memberRoleSchema.catch('viewer').parse(value);

/**
 * Check digit of an Italian partita IVA (Luhn-like): digits in odd positions are summed as they are,
 * digits in even positions are doubled (minus 9 above 9); the 11th digit brings the sum to a multiple of 10.
 */
export function partitaIvaCheckDigit(firstTenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = firstTenDigits.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Eleven digits, not all zero, with a correct check digit. */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^0{11}$/.test(value)) return false;
  return partitaIvaCheckDigit(value) === value.charCodeAt(10) - 48;
}

/** The Italian names of the fields, used to say which one a message is about (domain/messages/organization.ts). */
export const organizationFieldLabels: Record<string, string> = organizationMessages.fieldLabels;

const m = organizationMessages;

// Forms send '' for an untouched optional field and selects send ids as strings; both are normalised here.
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankToNull = (value: unknown) => {
  const trimmed = trim(value);
  return trimmed === '' ? null : trimmed;
};
const numberToString = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : trim(value));
const digitsToNumber = (value: unknown) => {
  const v = blankToNull(value);
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
};
const typeError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? m.required : m.invalid);

// Free text refuses control and direction characters (domain/plainText.ts); only the description has several lines.
const requiredText = (max = TEXT_MAX_LENGTH, shape: TextShape = 'line') =>
  z.preprocess(numberToString, z.string({ error: typeError }).min(1, m.required).max(max, m.tooLong).superRefine(plainText(shape)));
const optionalText = (max = TEXT_MAX_LENGTH) =>
  z.preprocess(
    (v) => blankToNull(numberToString(v)),
    z.string({ error: m.invalid }).max(max, m.tooLong).superRefine(plainText('line')).nullable(),
  );
const optionalEmail = () => z.preprocess(blankToNull, z.email({ error: m.emailInvalid }).max(254, m.tooLong).nullable());
const optionalIstatCode = () => z.preprocess(digitsToNumber, z.number({ error: m.invalid }).int(m.invalid).positive(m.invalid).nullable());
const optionalDate = () => z.preprocess(blankToNull, z.iso.datetime({ offset: true, error: m.dateInvalid }).nullable());

/**
 * A stored date is the midnight that starts its day where it was entered (an ISO instant with that offset:
 * storedDate.ts), so comparing instants compares days: a day has come once its midnight has passed.
 */
const startOf = (iso: string) => new Date(iso).getTime();
/** Now, that many years ago. */
const yearsAgo = (years: number) => {
  const then = new Date();
  then.setFullYear(then.getFullYear() - years);
  return then.getTime();
};
/** A date that has already come: a foundation day is not in the future. */
const pastDate = (message: string) => optionalDate().refine((iso) => iso === null || startOf(iso) <= Date.now(), message);
/** A person's birth date: in the past, and of an adult (their 18th birthday has come). */
const adultBirthDate = () => optionalDate().refine((iso) => iso === null || startOf(iso) <= yearsAgo(ADULT_AGE_YEARS), m.birthDateNotAdult);

/** Digits and spaces, an international prefix allowed; stored as typed (trimmed). */
const telephonePattern = /^\+?[0-9][0-9 ]*$/;
const digitCount = (value: string) => value.replace(/\D/g, '').length;
/** A number, then a letter, a slash and what follows, or bis/ter/quater; or SNC (senza numero civico). */
const numCivicoPattern = /^(\d+\s?[a-z]?(\s?\/\s?[0-9a-z]+)*(\s(bis|ter|quater))?|snc)$/i;

/** A missing value says the field's own "… richiesto(a)"; a value of the wrong type is invalid. */
const requiredOnPage = (message: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? message : m.invalid),
});

const blankTextToNull = (v: unknown) => blankToNull(numberToString(v));
const fiscalCodeToNull = (v: unknown) => {
  const value = blankToNull(v);
  return typeof value === 'string' ? normaliseFiscalCode(value) : value;
};
/** A person's codice fiscale (domain/fiscalCode.ts), read as typed (spaces, lower case, `TINIT-`) and stored normalised. */
const personalFiscalCode = (base: z.ZodString) =>
  base.superRefine((code, ctx) => {
    const problem = fiscalCodeProblem(code);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: fiscalCodeMessage(problem) });
  });
const personName = (base: z.ZodString) => base.max(TEXT_MAX_LENGTH, m.tooLong).superRefine(plainText('line'));

/**
 * Issue 42: the legal representative is a person. Their name and codice fiscale are these keys; their role, place and
 * date of birth are the spec's `role`, `luogo_di_nascita` and `data_di_nascita` (spec §3), which keep their names so a
 * client that knows only them still reads and writes them. Required at registration (createOrganizationSchema) and,
 * once given, on the page (organizationPageFields: a save may not empty them); an organisation registered before
 * has none and still saves its other fields, and its page asks for them.
 */
const legalRepresentativeRequiredFields = {
  legaleRappresentanteNome: z.preprocess(blankTextToNull, personName(z.string(requiredOnPage(m.legalRepresentativeFirstNameRequired)))),
  legaleRappresentanteCognome: z.preprocess(blankTextToNull, personName(z.string(requiredOnPage(m.legalRepresentativeLastNameRequired)))),
  legaleRappresentanteCodiceFiscale: z.preprocess(
    fiscalCodeToNull,
    personalFiscalCode(z.string(requiredOnPage(m.legalRepresentativeFiscalCodeRequired))),
  ),
};

export const pIvaSchema = z.preprocess(
  numberToString,
  z.string({ error: typeError }).superRefine((value, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (value === '') return issue(m.required);
    if (!/^\d+$/.test(value)) return issue(m.digitsOnly);
    if (value.length > PIVA_LENGTH) return issue(m.tooLong);
    if (value.length !== PIVA_LENGTH) return issue(m.pIvaLength);
    if (!isValidPartitaIva(value)) return issue(m.pIvaInvalid);
  }),
);

/**
 * How a field's value travels and is held: required text ('' while missing in a row stored before it was asked),
 * optional text or an ISO date (null when not given), a lookup's id or an ISTAT code, a number, a yes/no.
 */
export type OrganizationFieldValue = 'text' | 'optionalText' | 'date' | 'id' | 'number' | 'boolean';

/**
 * One field of the organisation (spec §3 payload names, spec §5 rules), defined once: the registration form, the
 * profile page, the API mapping, the admin's view and the workbooks read it from here.
 */
interface OrganizationFieldDefinition {
  /** The Italian name people read (domain/messages/organization.ts). */
  label: string;
  /** What a sent value must be (spec §5); '' and blanks arrive as null for the optional ones. */
  rule: z.ZodType;
  value: OrganizationFieldValue;
  /**
   * Where it is stored: its own column of `organizations` (server/db/schema/organizations.ts); without one, the key
   * of the same name in the `profile` JSON.
   */
  column?: 'name' | 'email' | 'pIva';
  /** Always in a stored profile; an optional one reads as null (false for a yes/no) while not given. */
  required?: true;
  /** Given at registration and never changed afterwards (the VAT number, the privacy consent). */
  fixed?: true;
  /** Asked on the profile page only, never at registration (issue 43: the second legal representative). */
  profileOnly?: true;
  /** The title of its column in the application workbooks, for the fields they show. */
  exportTitle?: string;
}

const l = organizationMessages.fieldLabels;
const optionalProfileText = { rule: optionalText(), value: 'optionalText' } as const;
const secondRepresentative = <R extends z.ZodType>(label: string, rule: R) =>
  ({ label, rule, value: 'optionalText', profileOnly: true }) as const;

/** Every field of the organisation, in the order of the registration form (spec §5). */
export const ORGANIZATION_FIELDS = {
  name: {
    label: l.name,
    rule: z.preprocess(
      trim,
      z
        .string({ error: typeError })
        .min(1, m.required)
        .min(NAME_MIN_LENGTH, m.nameTooShort)
        .max(TEXT_MAX_LENGTH, m.tooLong)
        .superRefine(plainText('line')),
    ),
    value: 'text',
    column: 'name',
    required: true,
    exportTitle: l.id,
  },
  formaGiuridica: {
    label: l.formaGiuridica,
    rule: z.preprocess(digitsToNumber, z.number({ error: typeError }).int(m.invalid).positive(m.invalid)),
    value: 'id',
    required: true,
  },
  altro: { label: l.altro, ...optionalProfileText },
  pIva: { label: l.pIva, rule: pIvaSchema, value: 'text', column: 'pIva', required: true, fixed: true, exportTitle: l.pIva },
  codiceAteco: {
    label: l.codiceAteco,
    rule: z.preprocess(
      numberToString,
      z
        .string({ error: typeError })
        .min(1, m.required)
        .regex(/^\d{2}(\.\d{1,2}){0,2}$/, m.codiceAtecoInvalid),
    ),
    value: 'text',
    required: true,
  },
  publicParticipation: { label: l.publicParticipation, rule: z.boolean({ error: m.invalid }), value: 'boolean' },
  percentParticipation: {
    label: l.percentParticipation,
    rule: z.preprocess(
      (v) => {
        const value = blankToNull(v);
        return typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : value;
      },
      z
        .number({ error: m.invalid })
        .min(0, m.percentMin)
        .max(100, m.percentMax)
        .refine((n) => String(n).length <= PERCENT_PARTICIPATION_MAX_CHARS, m.tooLong)
        .nullable(),
    ),
    value: 'number',
  },
  description: { label: l.description, rule: requiredText(DESCRIPTION_MAX_LENGTH, 'lines'), value: 'text', required: true },
  email: {
    label: l.email,
    rule: z.preprocess(
      trim,
      z
        .string({ error: typeError })
        .min(1, m.required)
        .pipe(z.email({ error: m.emailInvalid }).max(254, m.tooLong)),
    ),
    value: 'text',
    column: 'email',
    required: true,
    exportTitle: l.email,
  },
  telephone: {
    label: l.telephone,
    rule: z.preprocess(
      numberToString,
      z
        .string({ error: typeError })
        .min(1, m.required)
        .max(TELEPHONE_MAX_LENGTH, m.tooLong)
        .regex(telephonePattern, m.telephoneInvalid)
        .refine((value) => digitCount(value) >= TELEPHONE_MIN_DIGITS && digitCount(value) <= TELEPHONE_MAX_DIGITS, m.telephoneInvalid),
    ),
    value: 'text',
    required: true,
  },
  privacy: {
    label: l.privacy,
    rule: z.boolean({ error: typeError }).refine((accepted) => accepted, m.privacyRequired),
    value: 'boolean',
    fixed: true,
  },
  pec: { label: l.pec, rule: optionalEmail(), value: 'optionalText' },
  website: {
    label: l.website,
    rule: z.preprocess(
      blankToNull,
      z
        .string({ error: m.invalid })
        .max(300, m.tooLong)
        .regex(/^\S+\.\S+$/, m.websiteInvalid)
        .superRefine(plainText('line'))
        .nullable(),
    ),
    value: 'optionalText',
  },
  region: { label: l.region, rule: optionalIstatCode(), value: 'id' },
  province: { label: l.province, rule: optionalIstatCode(), value: 'id' },
  comune: { label: l.comune, rule: optionalIstatCode(), value: 'id' },
  address: { label: l.address, ...optionalProfileText },
  numCivico: {
    label: l.numCivico,
    rule: z.preprocess(
      (v) => blankToNull(numberToString(v)),
      z.string({ error: m.invalid }).max(NUM_CIVICO_MAX_LENGTH, m.tooLong).regex(numCivicoPattern, m.numCivicoInvalid).nullable(),
    ),
    value: 'optionalText',
  },
  // Organisations registered before the CAP was asked have none: they are asked for it on their page.
  cap: {
    label: l.cap,
    rule: z.preprocess(
      (v) => blankToNull(numberToString(v)),
      z
        .string({ error: m.invalid })
        .regex(/^\d{5}$/, m.capInvalid)
        .nullable(),
    ),
    value: 'optionalText',
  },
  codiceFiscale: {
    label: l.codiceFiscale,
    rule: z.preprocess(
      (v) => {
        const value = blankToNull(v);
        return typeof value === 'string' ? value.toUpperCase() : value;
      },
      z
        .string({ error: m.invalid })
        .max(CODICE_FISCALE_MAX_LENGTH, m.tooLong)
        .regex(/^(\d{11}|[A-Z0-9]{16})$/, m.codiceFiscaleInvalid)
        .nullable(),
    ),
    value: 'optionalText',
  },
  natura_del_soggetto_proponente: { label: l.natura_del_soggetto_proponente, ...optionalProfileText },
  data_di_costituzione: { label: l.data_di_costituzione, rule: pastDate(m.foundationDateInFuture), value: 'date' },
  contactReference: { label: l.contactReference, rule: requiredText(), value: 'text', required: true },
  // An organisation registered without a legal representative reads as null: its page asks for one.
  legaleRappresentanteNome: {
    label: l.legaleRappresentanteNome,
    rule: z.preprocess(blankTextToNull, personName(z.string({ error: m.invalid })).nullable()),
    value: 'optionalText',
  },
  legaleRappresentanteCognome: {
    label: l.legaleRappresentanteCognome,
    rule: z.preprocess(blankTextToNull, personName(z.string({ error: m.invalid })).nullable()),
    value: 'optionalText',
  },
  legaleRappresentanteCodiceFiscale: {
    label: l.legaleRappresentanteCodiceFiscale,
    rule: z.preprocess(fiscalCodeToNull, personalFiscalCode(z.string({ error: m.invalid })).nullable()),
    value: 'optionalText',
  },
  role: { label: l.role, ...optionalProfileText },
  luogo_di_nascita: { label: l.luogo_di_nascita, ...optionalProfileText },
  data_di_nascita: { label: l.data_di_nascita, rule: adultBirthDate(), value: 'date' },
  // Issue 43: a second legal representative, where the statute names two; all three keys or none (applyDependentFields).
  secondoLegaleRappresentanteNome: secondRepresentative(
    l.secondoLegaleRappresentanteNome,
    z.preprocess(blankTextToNull, personName(z.string({ error: m.invalid })).nullable()),
  ),
  secondoLegaleRappresentanteCognome: secondRepresentative(
    l.secondoLegaleRappresentanteCognome,
    z.preprocess(blankTextToNull, personName(z.string({ error: m.invalid })).nullable()),
  ),
  secondoLegaleRappresentanteCodiceFiscale: secondRepresentative(
    l.secondoLegaleRappresentanteCodiceFiscale,
    z.preprocess(fiscalCodeToNull, personalFiscalCode(z.string({ error: m.invalid })).nullable()),
  ),
  /** The two represent the organisation only together (firma congiunta): the Domanda needs both signatures. */
  firmaCongiunta: { label: l.firmaCongiunta, rule: z.boolean({ error: m.invalid }), value: 'boolean', profileOnly: true },
} as const satisfies Record<string, OrganizationFieldDefinition>;

type OrganizationFields = typeof ORGANIZATION_FIELDS;
export type OrganizationField = keyof OrganizationFields;
/** The kind of value of a field, as a type. */
export type OrganizationFieldValueOf<K extends OrganizationField> = OrganizationFields[K]['value'];
type FieldsWhere<Flag extends string> = {
  [K in OrganizationField]: OrganizationFields[K] extends Record<Flag, true> ? K : never;
}[OrganizationField];
/** The fields a save may change: all but the fixed ones. */
export type ProfileField = Exclude<OrganizationField, FieldsWhere<'fixed'>>;
/** The fields the registration form asks. */
export type RegistrationField = Exclude<OrganizationField, FieldsWhere<'profileOnly'>>;

const fieldNames = Object.keys(ORGANIZATION_FIELDS) as OrganizationField[];
const definitionOf = (key: OrganizationField): OrganizationFieldDefinition => ORGANIZATION_FIELDS[key];
/** The fields a save may change, in the form's order. */
export const PROFILE_FIELDS = fieldNames.filter((key) => definitionOf(key).fixed !== true) as ProfileField[];
/** The fields the registration form asks, in its order. */
export const REGISTRATION_FIELDS = fieldNames.filter((key) => definitionOf(key).profileOnly !== true) as RegistrationField[];
/** The kind of value of a field (how forms hold it, the API sends it and a stored profile keeps it). */
export const organizationFieldValue = (key: OrganizationField): OrganizationFieldValue => definitionOf(key).value;

/** The rules of the fields a save may change (spec §5), shared by creation and update. */
const fields = Object.fromEntries(PROFILE_FIELDS.map((key) => [key, ORGANIZATION_FIELDS[key].rule])) as {
  [K in ProfileField]: OrganizationFields[K]['rule'];
};

const SECOND_REPRESENTATIVE_REQUIRED = {
  secondoLegaleRappresentanteNome: m.secondRepresentativeFirstNameRequired,
  secondoLegaleRappresentanteCognome: m.secondRepresentativeLastNameRequired,
  secondoLegaleRappresentanteCodiceFiscale: m.secondRepresentativeFiscalCodeRequired,
} as const;

interface DependentFields {
  formaGiuridica: number;
  altro: string | null;
  publicParticipation: boolean;
  percentParticipation: number | null;
  legaleRappresentanteCodiceFiscale: string | null;
  secondoLegaleRappresentanteNome: string | null;
  secondoLegaleRappresentanteCognome: string | null;
  secondoLegaleRappresentanteCodiceFiscale: string | null;
  firmaCongiunta: boolean;
}

/**
 * Cross-field rules of spec §5: "Altro" needs its text, public participation needs its percentage. Issue 43: a
 * second legal representative is named whole (name, surname, codice fiscale) or not at all, is not the first one
 * again, and only with one is the representation joint.
 */
function applyDependentFields<T extends DependentFields>(profile: T, ctx: z.RefinementCtx): T {
  if (profile.formaGiuridica === FORMA_GIURIDICA_ALTRO_ID && !profile.altro) {
    ctx.addIssue({ code: 'custom', path: ['altro'], message: m.required });
  }
  if (profile.publicParticipation && profile.percentParticipation === null) {
    ctx.addIssue({ code: 'custom', path: ['percentParticipation'], message: m.required });
  }
  const secondKeys = Object.keys(SECOND_REPRESENTATIVE_REQUIRED) as (keyof typeof SECOND_REPRESENTATIVE_REQUIRED)[];
  const hasSecond = secondKeys.some((key) => profile[key] !== null);
  if (hasSecond) {
    for (const key of secondKeys) {
      if (profile[key] === null) ctx.addIssue({ code: 'custom', path: [key], message: SECOND_REPRESENTATIVE_REQUIRED[key] });
    }
    const second = profile.secondoLegaleRappresentanteCodiceFiscale;
    if (second !== null && second === profile.legaleRappresentanteCodiceFiscale) {
      ctx.addIssue({ code: 'custom', path: ['secondoLegaleRappresentanteCodiceFiscale'], message: m.secondRepresentativeSameFiscalCode });
    }
  }
  // Hidden fields keep no stale value: the form shows them only in these cases.
  return {
    ...profile,
    altro: profile.formaGiuridica === FORMA_GIURIDICA_ALTRO_ID ? profile.altro : null,
    percentParticipation: profile.publicParticipation ? profile.percentParticipation : null,
    firmaCongiunta: hasSecond && profile.firmaCongiunta,
  };
}

/**
 * Spec §5 Organisation profile: "Organisation page messages: Nome, Indirizzo, Città, CAP and P.IVA
 * 'richiesto(a)'". On the organisation's page (UpdateOrganization) these fields may not be saved empty, each with
 * its own message; Città is the comune. Only a save that sets one is refused: an organisation registered
 * without an address or a CAP (neither is asked at registration, spec §5 Register organisation, and the CAP did
 * not exist before) still saves its other fields, and its page asks for them.
 */
export const organizationPageRequiredMessages = {
  name: m.nameRequired,
  address: m.addressRequired,
  comune: m.cityRequired,
  cap: m.capRequired,
  pIva: m.pIvaRequired,
  legaleRappresentanteNome: m.legalRepresentativeFirstNameRequired,
  legaleRappresentanteCognome: m.legalRepresentativeLastNameRequired,
  legaleRappresentanteCodiceFiscale: m.legalRepresentativeFiscalCodeRequired,
} as const;

/** The page-required fields as a save sets them: present means filled (the VAT's value is checked apart). */
export const organizationPageFields = {
  name: z.preprocess(
    trim,
    z
      .string(requiredOnPage(m.nameRequired))
      .min(1, m.nameRequired)
      .min(NAME_MIN_LENGTH, m.nameTooShort)
      .max(TEXT_MAX_LENGTH, m.tooLong)
      .superRefine(plainText('line')),
  ),
  address: z.preprocess(
    (v) => blankToNull(numberToString(v)),
    z.string(requiredOnPage(m.addressRequired)).max(TEXT_MAX_LENGTH, m.tooLong).superRefine(plainText('line')),
  ),
  comune: z.preprocess(digitsToNumber, z.number(requiredOnPage(m.cityRequired)).int(m.invalid).positive(m.invalid)),
  cap: z.preprocess((v) => blankToNull(numberToString(v)), z.string(requiredOnPage(m.capRequired)).regex(/^\d{5}$/, m.capInvalid)),
  pIva: z.preprocess(numberToString, z.string(requiredOnPage(m.pIvaRequired)).min(1, m.pIvaRequired)),
  ...legalRepresentativeRequiredFields,
};

/** The changes of one save on the organisation's page, as far as the page-required fields go. */
export const organizationPageChangesSchema = z.object(organizationPageFields).partial();

/** A field's rule as a stored profile reads it: an optional field not given is null, a yes/no false. */
type StoredRule<K extends ProfileField> = OrganizationFields[K] extends { required: true }
  ? OrganizationFields[K]['rule']
  : z.ZodDefault<OrganizationFields[K]['rule']>;
const storedRule = (key: ProfileField): z.ZodType => {
  const { rule, required, value } = definitionOf(key);
  if (required) return rule;
  return rule.default(value === 'boolean' ? false : null);
};

/** The stored profile, complete: what creation produces and what an update must leave valid. */
export const organizationProfileSchema = z
  .object(Object.fromEntries(PROFILE_FIELDS.map((key) => [key, storedRule(key)])) as { [K in ProfileField]: StoredRule<K> })
  .transform(applyDependentFields);
export type OrganizationProfile = z.output<typeof organizationProfileSchema>;

/** POST /api/Organization/CreateOrganization (spec §3 creation payload). Unknown keys are dropped. */
export const createOrganizationSchema = z
  .object({
    ...organizationProfileSchema.in.shape,
    ...legalRepresentativeRequiredFields,
    pIva: ORGANIZATION_FIELDS.pIva.rule,
    privacy: ORGANIZATION_FIELDS.privacy.rule,
  })
  .transform(({ pIva, privacy, ...rest }, ctx) => ({ ...applyDependentFields(rest, ctx), pIva, privacy }));
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

/**
 * POST /api/Organization/UpdateOrganization. A missing field keeps its stored value; '' or null clears
 * an optional one. comune/province/region may arrive as strings of their ISTAT codes (spec §3).
 * `pIva` is read-only: sending a different one is refused. `privacy` was accepted at creation. Name, address,
 * comune, CAP and VAT, when sent, may not be empty (organizationPageFields).
 */
export const updateOrganizationSchema = z
  .object(fields)
  .partial()
  .extend({
    ...organizationPageChangesSchema.shape,
    id: z.string({ error: m.idInvalid }).regex(UUID_PATTERN, m.idInvalid),
  });

/** GET /api/Organization/GetOrganizations: an organisation in a list (spec §3: id, name, email, pIva). */
export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  pIva: z.string(),
  /** The caller's role in it; null when a platform administrator lists organisations they do not belong to. */
  role: memberRoleSchema.nullable(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  /** Their account's codice fiscale (SPID/CIE) is the legal representative's of the profile. */
  isLegalRepresentative: z.boolean(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

const legalRepresentativeSchema = z.object({
  nome: z.string(),
  cognome: z.string(),
  codiceFiscale: z.string(),
  ruolo: z.string().nullable(),
  luogoDiNascita: z.string().nullable(),
  dataDiNascita: z.string().nullable(),
});
type LegalRepresentative = z.infer<typeof legalRepresentativeSchema>;

/** The keys of the profile that describe the legal representative: a save that changes one is in the organisation's history. */
export const LEGAL_REPRESENTATIVE_KEYS = [
  'legaleRappresentanteNome',
  'legaleRappresentanteCognome',
  'legaleRappresentanteCodiceFiscale',
  'role',
  'luogo_di_nascita',
  'data_di_nascita',
  'secondoLegaleRappresentanteNome',
  'secondoLegaleRappresentanteCognome',
  'secondoLegaleRappresentanteCodiceFiscale',
  'firmaCongiunta',
] as const;

/** A profile's text under `key`, or null when it is missing or empty. */
const givenText = (profile: Record<string, unknown>, key: string): string | null =>
  typeof profile[key] === 'string' && profile[key] !== '' ? (profile[key] as string) : null;

/** The structured representative of a stored profile, or null while its name or codice fiscale is missing. */
export function legalRepresentativeOf(profile: Record<string, unknown>): LegalRepresentative | null {
  const str = (key: string) => givenText(profile, key);
  const nome = str('legaleRappresentanteNome');
  const cognome = str('legaleRappresentanteCognome');
  const codiceFiscale = str('legaleRappresentanteCodiceFiscale');
  if (nome === null || cognome === null || codiceFiscale === null) return null;
  return {
    nome,
    cognome,
    codiceFiscale,
    ruolo: str('role'),
    luogoDiNascita: str('luogo_di_nascita'),
    dataDiNascita: str('data_di_nascita'),
  };
}

/**
 * Who represents the organisation (decision 0032): the legal representative, and a second one where the profile names
 * one; `joint` when the two act only together (firma congiunta), so both sign the Domanda.
 */
export interface LegalRepresentation {
  representatives: [LegalRepresentative] | [LegalRepresentative, LegalRepresentative];
  joint: boolean;
}

/** The representation of a stored profile, or null while the first representative's name or codice fiscale is missing. */
export function legalRepresentationOf(profile: Record<string, unknown>): LegalRepresentation | null {
  const first = legalRepresentativeOf(profile);
  if (!first) return null;
  const str = (key: string) => givenText(profile, key);
  const nome = str('secondoLegaleRappresentanteNome');
  const cognome = str('secondoLegaleRappresentanteCognome');
  const codiceFiscale = str('secondoLegaleRappresentanteCodiceFiscale');
  if (nome === null || cognome === null || codiceFiscale === null) return { representatives: [first], joint: false };
  const second = { nome, cognome, codiceFiscale, ruolo: null, luogoDiNascita: null, dataDiNascita: null };
  return { representatives: [first, second], joint: profile.firmaCongiunta === true };
}

/** A representative as the Domanda and its signature section name them: "Nome Cognome". */
export const representativeName = (person: Pick<LegalRepresentative, 'nome' | 'cognome'>): string =>
  `${person.nome.trim()} ${person.cognome.trim()}`;

/** How the API gives each kind of value (GetOrganization): required text as '' while missing, the others as null. */
const DETAIL_VALUES = {
  text: () => z.string(),
  optionalText: () => z.string().nullable(),
  date: () => z.string().nullable(),
  id: () => z.number().int().nullable(),
  number: () => z.number().nullable(),
  boolean: () => z.boolean(),
} as const;
type DetailValues = typeof DETAIL_VALUES;
type DetailShape = { [K in OrganizationField]: ReturnType<DetailValues[OrganizationFields[K]['value']]> };

/** The stored organisation as the API gives its fields: each kind of value read from its column or profile key. */
export function organizationFieldValues(row: {
  name: string;
  email: string | null;
  pIva: string;
  profile: Record<string, unknown>;
}): z.infer<z.ZodObject<DetailShape>> {
  const read = (key: OrganizationField): unknown => {
    const { column, value } = definitionOf(key);
    const stored = column === undefined ? row.profile[key] : row[column];
    switch (value) {
      case 'text':
        return typeof stored === 'string' ? stored : '';
      case 'optionalText':
      case 'date':
        return typeof stored === 'string' ? stored : null;
      case 'id':
      case 'number':
        return typeof stored === 'number' ? stored : null;
      case 'boolean':
        return stored === true;
    }
  };
  return Object.fromEntries(fieldNames.map((key) => [key, read(key)])) as z.infer<z.ZodObject<DetailShape>>;
}

/** GetOrganization / GetOrganizationById / UpdateOrganization: the whole profile, typed, with its members. */
export const organizationDetailSchema = z.object({
  id: z.string(),
  ...(Object.fromEntries(fieldNames.map((key) => [key, DETAIL_VALUES[definitionOf(key).value]()])) as DetailShape),
  /** The names of the chosen legal form and places, from the reference data. */
  formaGiuridicaName: z.string().nullable(),
  regionName: z.string().nullable(),
  provinceName: z.string().nullable(),
  comuneName: z.string().nullable(),
  /**
   * The legal representative as one person (decision 0032), from the keys above and the spec's `role`, `luogo_di_nascita`
   * and `data_di_nascita`; null for an organisation that has not named one yet.
   */
  legaleRappresentante: legalRepresentativeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  members: z.array(organizationMemberSchema),
  /** The caller's role in this organisation; null for a platform administrator reading it. */
  myRole: memberRoleSchema.nullable(),
  /** Whether the caller may change the profile, the members' roles and invite: the Referenti (platform administrators no). */
  canEdit: z.boolean(),
  /** Issue 42: 'suspended' by a platform administrator (machines/organization-lifecycle), with the reason they gave. */
  status: z.enum(['active', 'suspended']),
  suspensionReason: z.string().nullable(),
  /** Whether the caller's account's codice fiscale is the legal representative's. */
  isLegalRepresentative: z.boolean(),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

export const createOrganizationResponseSchema = z.object({ error: z.null(), orgId: z.string() });
export type CreateOrganizationResponse = z.infer<typeof createOrganizationResponseSchema>;

/** POST /api/Organization/GetPIva?pIva= (spec §7): eleven digits with a correct check digit, or a 400 saying which. */
export const pIvaQuerySchema = z.object({
  pIva: z.preprocess(
    trim,
    z
      .string({ error: m.pIvaLength })
      .regex(/^\d{11}$/, m.pIvaLength)
      .refine(isValidPartitaIva, m.pIvaInvalid),
  ),
});
export const pIvaLookupSchema = z.object({ pIva: z.string(), id: z.string(), name: z.string() });
export type PIvaLookup = z.infer<typeof pIvaLookupSchema>;

export const organizationIdQuerySchema = z.object({ id: idSchema });
export const removeMemberQuerySchema = z.object({ organizationId: idSchema, userId: idSchema });
/** POST /api/Organization/ChangeMemberRole: a Referente gives a member another role. */
export const changeMemberRoleSchema = z.object({
  organizationId: idSchema,
  userId: idSchema,
  role: z.string(),
});
