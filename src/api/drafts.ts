import type { CreateDraftResponse, Draft } from '../../domain/application.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import { fundEntry } from '../../domain/funds.ts';
import type { ApiClient } from './client.ts';
import { ApiRequestError } from './errors.ts';

/** GET /api/DraftCompilazione/GetPuiDraft | GetTurDraft (orgId): the latest autosave, or null when none. */
export async function getDraft(api: ApiClient, fund: Fund, orgId: string, signal?: AbortSignal): Promise<Draft | null> {
  try {
    return await api<Draft>(`/api/DraftCompilazione/Get${fundEntry(fund).controller}Draft`, { query: { orgId }, signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/**
 * POST /api/DraftCompilazione/CreateDraftCompilazione: saves the wizard's values over `version` (the one they
 * were based on). A draft saved meanwhile elsewhere rejects with status 412; a submitted application with 409.
 */
export async function saveDraft(
  api: ApiClient,
  request: { fund: Fund; organizationId: string; values: Record<string, unknown>; version: number },
): Promise<{ version: number; savedAt: string }> {
  const saved = await api<CreateDraftResponse>('/api/DraftCompilazione/CreateDraftCompilazione', {
    method: 'POST',
    body: {
      compilazioneType: fundEntry(request.fund).compilazioneType,
      json: JSON.stringify(request.values),
      organizationId: request.organizationId,
      version: request.version,
    },
  });
  return { version: saved.version, savedAt: saved.createdAt };
}
