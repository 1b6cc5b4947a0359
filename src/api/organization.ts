import type {
  CreateOrganizationInput,
  CreateOrganizationResponse,
  OrganizationFieldValueOf,
  PIvaLookup,
  RegistrationField,
} from '../../domain/organization.ts';
import type { ApiClient } from './client.ts';

/** How the payload sends each kind of value (spec §3): lookups as ids, empty optional fields as null, dates as ISO strings with offset. */
interface PayloadValues {
  text: string;
  optionalText: string | null;
  date: string | null;
  id: number | null;
  number: number | null;
  boolean: boolean;
}

/**
 * The CreateOrganization body as the client sends it (spec §3): each field the registration form asks. The server
 * validates it with createOrganizationSchema.
 */
export type CreateOrganizationPayload = { [K in RegistrationField]: PayloadValues[OrganizationFieldValueOf<K>] };

/**
 * POST /api/Organization/GetPIva?pIva= (spec §7): the organisation registered with this VAT number.
 * Rejects with ApiRequestError: 404 when none is, 400 (Italian message) for a malformed number.
 */
export async function getPIva(api: ApiClient, pIva: string, signal?: AbortSignal): Promise<PIvaLookup> {
  return await api<PIvaLookup>('/api/Organization/GetPIva', { method: 'POST', query: { pIva }, signal });
}

/**
 * POST /api/Organization/CreateOrganization. Resolves with the new organisation's id; rejects with
 * ApiRequestError (400 with `issues` per field, 409 when the VAT number is already registered).
 */
export async function createOrganization(api: ApiClient, payload: CreateOrganizationInput): Promise<{ orgId: string }> {
  const { orgId } = await api<CreateOrganizationResponse>('/api/Organization/CreateOrganization', {
    method: 'POST',
    // Built by the form as a CreateOrganizationPayload; the machine only knows it as the schema's input.
    body: payload as Record<string, unknown>,
  });
  return { orgId };
}
