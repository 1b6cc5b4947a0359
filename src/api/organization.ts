import type { CreateOrganizationInput, CreateOrganizationResponse, PIvaLookup } from '../../domain/organization.ts';
import type { ApiClient } from './client.ts';

/**
 * The CreateOrganization body as the client sends it (spec §3): lookups as ids, empty optional fields
 * as null, dates as ISO strings with offset. The server validates it with createOrganizationSchema.
 */
export type CreateOrganizationPayload = {
  name: string;
  formaGiuridica: number | null;
  altro: string | null;
  pIva: string;
  codiceAteco: string;
  publicParticipation: boolean;
  percentParticipation: number | null;
  description: string;
  email: string;
  telephone: string;
  privacy: boolean;
  address: string | null;
  codiceFiscale: string | null;
  comune: number | null;
  contactReference: string;
  luogo_di_nascita: string | null;
  natura_del_soggetto_proponente: string | null;
  numCivico: string | null;
  cap: string | null;
  pec: string | null;
  province: number | null;
  region: number | null;
  role: string | null;
  website: string | null;
  data_di_costituzione: string | null;
  data_di_nascita: string | null;
  legaleRappresentanteNome: string;
  legaleRappresentanteCognome: string;
  legaleRappresentanteCodiceFiscale: string;
};

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
