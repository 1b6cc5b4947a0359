import { profileMessages } from '../../../domain/messages/profile.ts';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import {
  CAP_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  NUM_CIVICO_MAX_LENGTH,
  organizationFieldLabels,
  organizationPageRequiredMessages,
  type OrganizationDetail,
} from '../../../domain/organization.ts';

/** How a field is edited: most are a text box; a few combine several keys. */
export type ProfileFieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'digits'
  | 'textarea'
  | 'date'
  | 'fiscalCode'
  | 'formaGiuridica'
  | 'participation'
  | 'territory'
  | 'secondRepresentative';

export interface ProfileField {
  /** The field's id for the field-edit machine; for one-key fields, the key itself. */
  id: string;
  label: string;
  kind: ProfileFieldKind;
  /**
   * Spec §5 Organisation profile: name, formaGiuridica, codiceAteco, contactReference, description, email,
   * telephone; and the page's "Nome, Indirizzo, Città, CAP … richiesto(a)".
   */
  isRequired: boolean;
  /** The page-required key this row holds: when it is missing (an organisation registered without it), the row asks for it. */
  requiredKey?: Exclude<keyof typeof organizationPageRequiredMessages, 'name' | 'pIva'>;
  /** The profile's section: the organisation's own data, or its legal representative's (issue 42). */
  section?: 'legalRepresentative';
  maxLength?: number;
  autoComplete?: string;
  /** What the editor says under the box: the form a value takes. */
  hint?: string;
}

const l = organizationFieldLabels as Record<string, string>;
const field = (id: string, kind: ProfileFieldKind, extra: Partial<ProfileField> = {}): ProfileField => ({
  id,
  label: l[id] ?? id,
  kind,
  isRequired: false,
  ...extra,
});

/** The profile's fields in the order of the registration form. pIva is shown apart: it is never editable. */
export const profileFields: readonly ProfileField[] = [
  field('name', 'text', { isRequired: true, autoComplete: 'organization' }),
  field('formaGiuridica', 'formaGiuridica', { isRequired: true }),
  field('codiceAteco', 'text', { isRequired: true }),
  field('codiceFiscale', 'text'),
  field('natura_del_soggetto_proponente', 'text'),
  field('data_di_costituzione', 'date'),
  field('publicParticipation', 'participation'),
  field('description', 'textarea', { isRequired: true, maxLength: DESCRIPTION_MAX_LENGTH }),
  field('email', 'email', { isRequired: true, autoComplete: 'email' }),
  field('pec', 'email'),
  field('telephone', 'tel', { isRequired: true, autoComplete: 'tel', hint: registerOrganizationMessages.telephoneHint }),
  field('website', 'text', { autoComplete: 'url' }),
  { id: 'territory', label: profileMessages.territory, kind: 'territory', isRequired: true, requiredKey: 'comune' },
  field('address', 'text', { isRequired: true, requiredKey: 'address', autoComplete: 'street-address' }),
  field('numCivico', 'text', { maxLength: NUM_CIVICO_MAX_LENGTH, hint: registerOrganizationMessages.numCivicoHint }),
  field('cap', 'digits', { isRequired: true, requiredKey: 'cap', maxLength: CAP_LENGTH, autoComplete: 'postal-code' }),
  field('contactReference', 'text', { isRequired: true }),
  // The legal representative: required once given; an organisation registered without one is asked for it.
  ...(
    [
      field('legaleRappresentanteNome', 'text', { isRequired: true, requiredKey: 'legaleRappresentanteNome' }),
      field('legaleRappresentanteCognome', 'text', { isRequired: true, requiredKey: 'legaleRappresentanteCognome' }),
      field('legaleRappresentanteCodiceFiscale', 'fiscalCode', { isRequired: true, requiredKey: 'legaleRappresentanteCodiceFiscale' }),
      field('role', 'text'),
      field('luogo_di_nascita', 'text'),
      field('data_di_nascita', 'date'),
      // Issue 43: a second legal representative, named whole or not at all, and whether the two sign together.
      { id: 'secondRepresentative', label: profileMessages.secondRepresentative, kind: 'secondRepresentative', isRequired: false },
    ] as const
  ).map((f) => ({ ...f, section: 'legalRepresentative' as const })),
];

/** dd/MM/yyyy of a stored ISO date, read from its own calendar day (its offset is where it was entered). */
export function formatStoredDate(iso: string | null): string {
  if (iso === null || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return '';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** What the row says under a page-required value the organisation has not given yet ("CAP richiesto"). */
export function missingValueHint(field: ProfileField, detail: OrganizationDetail): string | undefined {
  if (field.requiredKey === undefined) return undefined;
  const value = detail[field.requiredKey];
  return value === null || value === '' ? organizationPageRequiredMessages[field.requiredKey] : undefined;
}

/** What the read-only row shows for a field, from the profile as stored. */
export function displayValueOf(field: ProfileField, detail: OrganizationDetail): string {
  switch (field.kind) {
    case 'formaGiuridica':
      return [detail.formaGiuridicaName, detail.altro].filter(Boolean).join(' – ');
    case 'participation':
      return detail.publicParticipation
        ? `${profileMessages.yes}${detail.percentParticipation === null ? '' : ` (${detail.percentParticipation}%)`}`
        : profileMessages.no;
    case 'territory':
      return [detail.comuneName, detail.provinceName, detail.regionName].filter(Boolean).join(', ');
    case 'date':
      return formatStoredDate(detail[field.id as 'data_di_nascita' | 'data_di_costituzione']);
    case 'secondRepresentative': {
      const { secondoLegaleRappresentanteNome: nome, secondoLegaleRappresentanteCognome: cognome } = detail;
      const code = detail.secondoLegaleRappresentanteCodiceFiscale;
      if (nome === null || cognome === null || code === null) return profileMessages.noSecondRepresentative;
      return profileMessages.secondRepresentativeValue(`${nome} ${cognome}`, code, detail.firmaCongiunta);
    }
    default: {
      const value = (detail as unknown as Record<string, unknown>)[field.id];
      return typeof value === 'string' ? value : '';
    }
  }
}
