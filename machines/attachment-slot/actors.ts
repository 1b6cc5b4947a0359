import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type {
  AttachmentSlotEvent,
  DownloadFileInput,
  RemoveFileInput,
  UploadedAttachment,
  UploadFileInput,
  UploadProgress,
} from './types.ts';

/** The calls a slot needs; they reject with what the API client throws (an Italian `message`). */
export interface AttachmentSlotApi {
  /** POST /api/FileUpload/UploadFile, reporting the bytes sent (XMLHttpRequest upload progress). */
  uploadFile(
    input: UploadFileInput,
    options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
  ): Promise<UploadedAttachment>;
  /** RemoveAttachement. */
  removeFile(input: RemoveFileInput): Promise<void>;
  /** GET /api/FileUpload/GetFile?downloadId=, handed to the browser as a download. */
  downloadFile(input: DownloadFileInput, signal: AbortSignal): Promise<void>;
}

/** The server's Italian message (413 too large, 415 wrong content…), or null to let the slot say it generically. */
export function uploadFailureMessage(error: unknown): string | null {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * Whether sending the same file again may succeed: no answer came back (the network), the server failed (5xx),
 * was busy (408, 429) or lost the connection mid-file ('upload_interrupted'). Any other answer refuses this
 * file or this request, and would refuse it again.
 */
export function isRetryableUploadFailure(error: unknown): boolean {
  const { status, code } = typeof error === 'object' && error !== null ? (error as { status?: unknown; code?: unknown }) : {};
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 408 || status === 429 || code === 'upload_interrupted';
}

export function createAttachmentSlotActors(api: AttachmentSlotApi) {
  return {
    // A callback actor: it reports progress while the upload runs, then done or failed; stopping it aborts.
    uploadFile: fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      const report = (event: AttachmentSlotEvent) => {
        if (!controller.signal.aborted) sendBack(event);
      };
      // Through a promise, so even a call that throws at once ends as upload.failed.
      Promise.resolve()
        .then(() =>
          api.uploadFile(input, {
            onProgress: ({ loaded, total }) => report({ type: 'upload.progress', loaded, total }),
            signal: controller.signal,
          }),
        )
        .then(
          (uploaded) => report({ type: 'upload.done', uploaded }),
          (error: unknown) =>
            report({ type: 'upload.failed', message: uploadFailureMessage(error), retryable: isRetryableUploadFailure(error) }),
        );
      return () => controller.abort();
    }),
    removeFile: fromPromise<void, RemoveFileInput>(({ input }) => api.removeFile(input)),
    downloadFile: fromPromise<void, DownloadFileInput>(({ input, signal }) => api.downloadFile(input, signal)),
  };
}
