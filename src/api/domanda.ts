import { queryOptions } from '@tanstack/react-query';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { DomandaSignature, DomandaStatus } from '../../domain/domandaSignature.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { fileNameFromDisposition } from './attachments.ts';
import type { ApiClient } from './client.ts';
import { saveBlob } from './saveBlob.ts';

/** GET /api/Domanda/GetDomandaStatus (orgId, callType): the Domanda to sign, the signed file and the call's rule (issue 43). */
export async function getDomandaStatus(api: ApiClient, orgId: string, fund: Fund, signal?: AbortSignal): Promise<DomandaStatus> {
  return await api<DomandaStatus>('/api/Domanda/GetDomandaStatus', { query: { orgId, callType: fund }, signal });
}

/** GET /api/Domanda/DownloadDomanda (orgId, callType): the PDF to sign, saved under the name the server gives. */
export async function downloadDomanda(api: ApiClient, orgId: string, fund: Fund, fallbackName: string): Promise<void> {
  const query = new URLSearchParams({ orgId, callType: fund });
  const { blob, contentDisposition } = await api.download(`/api/Domanda/DownloadDomanda?${query.toString()}`);
  saveBlob(blob, fileNameFromDisposition(contentDisposition, fallbackName));
}

/** POST /api/Domanda/TrialSignDomanda: the trial authority signs (only while the portal has no trust list). */
export async function trialSignDomanda(api: ApiClient, orgId: string, fund: Fund): Promise<DomandaSignature> {
  return await api<DomandaSignature>('/api/Domanda/TrialSignDomanda', { method: 'POST', body: { orgId, callType: fund } });
}

/** GET /api/Domanda/DownloadSignedDomanda (applicationId): the signed file as it was uploaded. */
export async function downloadSignedDomanda(
  api: ApiClient,
  signature: Pick<DomandaSignature, 'applicationId' | 'fileName'>,
): Promise<void> {
  const { blob, contentDisposition } = await api.download(
    `/api/Domanda/DownloadSignedDomanda?applicationId=${encodeURIComponent(signature.applicationId)}`,
  );
  saveBlob(blob, fileNameFromDisposition(contentDisposition, signature.fileName || domandaSignatureMessages.signedFileFallbackName));
}

export const domandaQueries = {
  /** The Domanda's status (issue 43), as the administrators' application pages read it. */
  status: (api: ApiClient, fund: Fund, orgId: string) =>
    queryOptions({
      queryKey: ['domanda', 'status', fund, orgId] as const,
      queryFn: ({ signal }) => getDomandaStatus(api, orgId, fund, signal),
    }),
};
