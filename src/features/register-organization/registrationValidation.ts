import { organizationMessages } from '../../../domain/messages/organization.ts';
import { createOrganizationSchema, FORMA_GIURIDICA_ALTRO_ID } from '../../../domain/organization.ts';
import { toCreateOrganizationPayload } from './registrationPayload.ts';
import type { RegistrationField, RegistrationValues } from './registrationValues.ts';

/** Spec §5: the fields without which Registra stays disabled. */
export const REQUIRED_FIELDS = [
  'name',
  'formaGiuridica',
  'pIva',
  'codiceAteco',
  'description',
  'email',
  'telephone',
  'privacy',
  'contactReference',
  'legaleRappresentanteNome',
  'legaleRappresentanteCognome',
  'legaleRappresentanteCodiceFiscale',
] as const satisfies readonly RegistrationField[];

const isFilled = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : typeof value === 'boolean' ? value : value !== null;

/** The fields a choice makes required: "Altro" needs its text, public participation its percentage. */
function dependentRequiredFields(values: RegistrationValues): RegistrationField[] {
  return [
    ...(values.formaGiuridica === FORMA_GIURIDICA_ALTRO_ID ? (['altro'] as const) : []),
    ...(values.publicParticipation ? (['percentParticipation'] as const) : []),
  ];
}

/** Registra is enabled once every required field has a value, including those a choice made required. */
export function hasRequiredFields(values: RegistrationValues): boolean {
  return [...REQUIRED_FIELDS, ...dependentRequiredFields(values)].every((field) => isFilled(values[field]));
}

export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/**
 * Field → Italian message, from the same schema the server applies (domain/organization.ts), so the
 * form and the server never disagree. Only the first message of each field is kept.
 */
export function registrationErrorsOf(values: RegistrationValues): RegistrationErrors {
  const parsed = createOrganizationSchema.safeParse(toCreateOrganizationPayload(values));
  if (parsed.success) return {};
  const errors: RegistrationErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) errors[field as RegistrationField] ??= issue.message;
  }
  // The schema checks dependent fields only once the rest is valid; the form says it at once.
  for (const field of dependentRequiredFields(values)) {
    if (!isFilled(values[field])) errors[field] ??= organizationMessages.required;
  }
  return errors;
}
