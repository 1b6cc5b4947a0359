import { messages } from '../../domain/messages.ts';
import type { AttachmentTransfers } from './attachments.ts';
import type { ApiClient, ApiClientConfig } from './client.ts';
import { ApiRequestError } from './errors.ts';

/**
 * The session's uploads and downloads (src/api/attachments.ts, createAttachmentTransfers), whose code is
 * downloaded with the first transfer: every page of a signed-in person has them in its router context, few
 * upload or download a file, and the pages that do (the wizard's attachments, the admin's files) already load
 * attachments.ts with their own code. Each method behaves as the loaded one; a module that cannot be downloaded
 * (offline, a deployment under way) fails as a transfer without network does.
 */
export function attachmentTransfersOnDemand(config: ApiClientConfig, api: ApiClient): AttachmentTransfers {
  let loading: Promise<AttachmentTransfers> | undefined;
  const loaded = () =>
    (loading ??= import('./attachments.ts').then(
      ({ createAttachmentTransfers }) => createAttachmentTransfers(config, api),
      () => {
        loading = undefined;
        throw new ApiRequestError(null, null, messages.generic.network);
      },
    ));
  return {
    upload: async (request, options) => (await loaded()).upload(request, options),
    uploadSignedDomanda: async (request) => (await loaded()).uploadSignedDomanda(request),
    downloadFile: async (downloadId, signal) => (await loaded()).downloadFile(downloadId, signal),
    downloadApplicationExcel: async (orgId, fund, signal) => (await loaded()).downloadApplicationExcel(orgId, fund, signal),
    downloadZip: async (orgId, fund, signal) => (await loaded()).downloadZip(orgId, fund, signal),
  };
}
