import { queryOptions } from '@tanstack/react-query';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { AttachmentSlot, AttachmentValidation, UploadFileResponse } from '../../domain/attachments.ts';
import { fundEntry } from '../../domain/funds.ts';
import { messages } from '../../domain/messages.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import type { DomandaSignature } from '../../domain/domandaSignature.ts';
import type { ApiClient, ApiClientConfig } from './client.ts';
import { ApiRequestError, toApiRequestError } from './errors.ts';

/** GET /api/FileUpload/GetAttachmentTypes (orgId, callType): the slots with what is uploaded in each. */
export async function getAttachmentSlots(api: ApiClient, fund: Fund, orgId: string, signal?: AbortSignal): Promise<AttachmentSlot[]> {
  return await api<AttachmentSlot[]>('/api/FileUpload/GetAttachmentTypes', { query: { orgId, callType: fund }, signal });
}

/** GET /api/FileUpload/GetAttachmentIntegrations (orgId, callType): the integration slots of the open (or latest) request. */
export async function getIntegrationSlots(api: ApiClient, fund: Fund, orgId: string, signal?: AbortSignal): Promise<AttachmentSlot[]> {
  return await api<AttachmentSlot[]>('/api/FileUpload/GetAttachmentIntegrations', { query: { orgId, callType: fund }, signal });
}

/** GET /api/FileUpload/FileUploadValidation{Tur|Pui} (orgId): whether every mandatory attachment is there. */
export async function getAttachmentValidation(
  api: ApiClient,
  fund: Fund,
  orgId: string,
  signal?: AbortSignal,
): Promise<AttachmentValidation> {
  return await api<AttachmentValidation>(`/api/FileUpload/FileUploadValidation${fundEntry(fund).controller}`, { query: { orgId }, signal });
}

/** GET /api/FileUpload/GetIstruttoriaGresbAttachmentTypes (orgId, callType): the review's DNSH slots. */
export async function getReviewSlots(api: ApiClient, fund: Fund, orgId: string, signal?: AbortSignal): Promise<AttachmentSlot[]> {
  return await api<AttachmentSlot[]>('/api/FileUpload/GetIstruttoriaGresbAttachmentTypes', { query: { orgId, callType: fund }, signal });
}

/** GET /api/FileUpload/FilesUploadIstGresb{Tur|Pui}Validation (orgId): whether every mandatory DNSH declaration is there. */
export async function getReviewValidation(api: ApiClient, fund: Fund, orgId: string, signal?: AbortSignal): Promise<AttachmentValidation> {
  return await api<AttachmentValidation>(`/api/FileUpload/FilesUploadIstGresb${fundEntry(fund).controller}Validation`, {
    query: { orgId },
    signal,
  });
}

/** DELETE /api/FileUpload/RemoveAttachement (downloadId). */
export async function removeAttachment(api: ApiClient, downloadId: string): Promise<void> {
  await api('/api/FileUpload/RemoveAttachement', { method: 'DELETE', query: { downloadId } });
}

/** The slot lists the widgets show: the application's, the open integration request's, the review's DNSH slots. */
export type SlotPurpose = 'application' | 'integration' | 'review';
const SLOTS_OF_PURPOSE: Record<SlotPurpose, typeof getAttachmentSlots> = {
  application: getAttachmentSlots,
  integration: getIntegrationSlots,
  review: getReviewSlots,
};

export const attachmentQueries = {
  /** Invalidate ['attachments', …] after an upload or a removal: the list and the validation both change. */
  all: ['attachments'] as const,
  /** The application's slots, or the integration slots of the open (or latest) request. */
  slots: (api: ApiClient, fund: Fund, orgId: string, purpose: SlotPurpose = 'application') =>
    queryOptions({
      queryKey: ['attachments', 'slots', fund, orgId, purpose] as const,
      queryFn: ({ signal }) => SLOTS_OF_PURPOSE[purpose](api, fund, orgId, signal),
    }),
  validation: (api: ApiClient, fund: Fund, orgId: string, purpose: 'application' | 'review' = 'application') =>
    queryOptions({
      queryKey: ['attachments', 'validation', fund, orgId, purpose] as const,
      queryFn: ({ signal }) => (purpose === 'review' ? getReviewValidation : getAttachmentValidation)(api, fund, orgId, signal),
    }),
};

export interface UploadRequest {
  file: Blob & { name?: string };
  /** The name shown for the file (spec: Nome and Descrizione are both the file name). */
  fileName: string;
  attachmentTypeId: number;
  orgId: string;
  fund: Fund;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The name a download should be saved under, from its Content-Disposition: the UTF-8 `filename*`
 * (RFC 6266) when present, else the plain `filename`, else `fallback`.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: use the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? fallback;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Uploads with their real progress (XMLHttpRequest, which ofetch cannot follow), with the same credentials as
 * the API client (the same ApiClientConfig) and, like it, one renewal of the access token on a 401 and a replay;
 * downloads through the API client itself (`api.download`), with the name to save each file under.
 */
export function createAttachmentTransfers(config: ApiClientConfig, api: ApiClient) {
  function headers(accessToken: string | null): Record<string, string> {
    const result: Record<string, string> = { Accept: 'application/json' };
    if (accessToken) result.Authorization = `Bearer ${accessToken}`;
    const organizationId = config.getSelectedOrganizationId();
    if (organizationId) result.SelectedOrganizationId = organizationId;
    return result;
  }

  /** Sends with the current token; on 401 with a renewed one (or the one another request renewed meanwhile). */
  async function withSession<T extends { status: number }>(send: (accessToken: string | null) => Promise<T>): Promise<T> {
    const token = config.getAccessToken();
    const first = await send(token);
    if (first.status !== 401) return first;
    const current = config.getAccessToken();
    const renewed = current !== null && current !== token ? current : await config.refreshAccessToken().catch(() => null);
    if (renewed === null) {
      config.onSessionExpired();
      return first;
    }
    const replay = await send(renewed);
    if (replay.status === 401) config.onSessionExpired();
    return replay;
  }

  /** POSTs a multipart form with XMLHttpRequest (ofetch cannot follow an upload's progress). */
  function sendForm(
    path: string,
    form: FormData,
    accessToken: string | null,
    onProgress?: (progress: UploadProgress) => void,
    signal?: AbortSignal,
  ) {
    return new Promise<RawAnswer>((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException(messages.generic.uploadCancelled, 'AbortError'));
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${config.baseURL}${path}`);
      for (const [name, value] of Object.entries(headers(accessToken))) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (!onProgress || !event.lengthComputable) return;
        onProgress({ loaded: event.loaded, total: event.total, percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
      };
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
      };
      xhr.onerror = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new ApiRequestError(null, null, messages.generic.network));
      };
      xhr.onabort = () => reject(new DOMException(messages.generic.uploadCancelled, 'AbortError'));
      xhr.send(form);
    });
  }

  /** Sends the form (made anew for a replay after a renewal) and answers its JSON, or throws the server's refusal. */
  async function postForm<T>(
    path: string,
    makeForm: () => FormData,
    options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
  ): Promise<T> {
    const answer = await withSession((token) => sendForm(path, makeForm(), token, options.onProgress, options.signal));
    if (answer.status < 200 || answer.status >= 300) throw toApiRequestError({ status: answer.status, data: answer.body });
    return answer.body as T;
  }

  async function download(path: string, fallbackName: string, signal?: AbortSignal): Promise<DownloadedFile> {
    const { blob, contentDisposition } = await api.download(path, { signal });
    return { blob, fileName: fileNameFromDisposition(contentDisposition, fallbackName) };
  }

  return {
    /**
     * POST /api/FileUpload/UploadFile (multipart: Nome, Descrizione, TipoFileId, OrgId, CallType, File).
     * `onProgress` follows the bytes sent; after a token renewal the upload starts again from 0.
     * Rejects with ApiRequestError (Italian message: 413 too large, 415 wrong type, 409 submitted, …)
     * or with an AbortError when `signal` aborts it.
     */
    async upload(
      request: UploadRequest,
      options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
    ): Promise<UploadFileResponse> {
      // Fields first, so the server checks who may upload where before it stores a byte.
      return postForm<UploadFileResponse>(
        '/api/FileUpload/UploadFile',
        () => {
          const form = new FormData();
          form.append('Nome', request.fileName);
          form.append('Descrizione', request.fileName);
          form.append('TipoFileId', String(request.attachmentTypeId));
          form.append('OrgId', request.orgId);
          form.append('CallType', request.fund);
          form.append('File', request.file, request.fileName);
          return form;
        },
        options,
      );
    },

    /**
     * POST /api/Domanda/UploadSignedDomanda?orgId=&callType= (multipart: File): the Domanda signed by the legal
     * representative (issue 43). Rejects with the server's refusal, which names the check the file failed (422).
     */
    uploadSignedDomanda(request: { orgId: string; fund: Fund; file: Blob & { name?: string } }): Promise<DomandaSignature> {
      const query = new URLSearchParams({ orgId: request.orgId, callType: request.fund });
      return postForm<DomandaSignature>(`/api/Domanda/UploadSignedDomanda?${query.toString()}`, () => {
        const form = new FormData();
        form.append('File', request.file, request.file.name ?? 'domanda-firmata');
        return form;
      });
    },

    /** GET /api/FileUpload/GetFile?downloadId=: the file and the name to save it under. */
    downloadFile(downloadId: string, signal?: AbortSignal): Promise<DownloadedFile> {
      return download(`/api/FileUpload/GetFile?downloadId=${encodeURIComponent(downloadId)}`, attachmentsMessages.unnamedFile, signal);
    },

    /**
     * GET /api/DraftCompilazione/DownloadExcelCompilazione?orgId=&callType= (administrators): one application's
     * fields and answers, "Candidatura{Tur|Pui}-{orgName}.xlsx".
     */
    downloadApplicationExcel(orgId: string, fund: Fund, signal?: AbortSignal): Promise<DownloadedFile> {
      const query = new URLSearchParams({ orgId, callType: fund });
      return download(
        `/api/DraftCompilazione/DownloadExcelCompilazione?${query}`,
        attachmentsMessages.applicationExcelFallback(fundEntry(fund).controller),
        signal,
      );
    },

    /** GET /api/FileUpload/GetZippedFiles?orgId=&type= (administrators): "Allegati{Tur|Pui}-{orgName}.zip". */
    downloadZip(orgId: string, fund: Fund, signal?: AbortSignal): Promise<DownloadedFile> {
      const query = new URLSearchParams({ orgId, type: fund.toLowerCase() });
      return download(`/api/FileUpload/GetZippedFiles?${query}`, attachmentsMessages.zipFallback(fundEntry(fund).controller), signal);
    },
  };
}

export type AttachmentTransfers = ReturnType<typeof createAttachmentTransfers>;
