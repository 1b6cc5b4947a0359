import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../domain/messages.ts';
import type { ApiClient, ApiClientConfig } from '../../src/api/client.ts';
import { ApiRequestError } from '../../src/api/errors.ts';

const ATTACHMENTS = '../../src/api/attachments.ts';

const config: ApiClientConfig = {
  baseURL: '',
  getAccessToken: () => null,
  getSelectedOrganizationId: () => null,
  refreshAccessToken: async () => null,
  onSessionExpired: () => {},
};

const api = Object.assign(async () => undefined, {
  download: async () => ({ blob: new Blob(['x']), contentDisposition: null }),
}) as unknown as ApiClient;

const fakeTransfers = () => ({
  upload: vi.fn(async () => ({ downloadId: 'd1' })),
  downloadFile: vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'allegato.pdf' })),
  downloadApplicationExcel: vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'CandidaturaPui.xlsx' })),
  downloadZip: vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'AllegatiPui.zip' })),
});

async function onDemand() {
  const { attachmentTransfersOnDemand } = await import('../../src/api/transfersOnDemand.ts');
  return attachmentTransfersOnDemand(config, api);
}

describe('the session’s uploads and downloads, loaded with the first transfer', () => {
  afterEach(() => {
    vi.doUnmock(ATTACHMENTS);
    vi.resetModules();
  });

  it('creates the transfers once, with the session’s credentials and API client, and hands each call to them as it is', async () => {
    const transfers = fakeTransfers();
    const create = vi.fn(() => transfers);
    vi.doMock(ATTACHMENTS, () => ({ createAttachmentTransfers: create }));
    const lazy = await onDemand();
    expect(create).not.toHaveBeenCalled();

    const signal = new AbortController().signal;
    const file = new Blob(['%PDF']);
    const request = { file, fileName: 'a.pdf', attachmentTypeId: 3, orgId: 'o1', fund: 'PUI' as const };
    const onProgress = () => {};
    await expect(lazy.upload(request, { onProgress, signal })).resolves.toEqual({ downloadId: 'd1' });
    await expect(lazy.downloadFile('d1', signal)).resolves.toMatchObject({ fileName: 'allegato.pdf' });
    await expect(lazy.downloadApplicationExcel('o1', 'PUI', signal)).resolves.toMatchObject({ fileName: 'CandidaturaPui.xlsx' });
    await expect(lazy.downloadZip('o1', 'TUR')).resolves.toMatchObject({ fileName: 'AllegatiPui.zip' });

    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith(config, api);
    expect(transfers.upload).toHaveBeenCalledWith(request, { onProgress, signal });
    expect(transfers.downloadFile).toHaveBeenCalledWith('d1', signal);
    expect(transfers.downloadApplicationExcel).toHaveBeenCalledWith('o1', 'PUI', signal);
    expect(transfers.downloadZip).toHaveBeenCalledWith('o1', 'TUR', undefined);
  });

  it('passes the transfer’s own failure on unchanged', async () => {
    const transfers = fakeTransfers();
    const refused = new ApiRequestError(413, 'UploadTooLarge', 'File troppo grande');
    transfers.upload.mockRejectedValueOnce(refused);
    vi.doMock(ATTACHMENTS, () => ({ createAttachmentTransfers: () => transfers }));
    const lazy = await onDemand();
    const request = { file: new Blob(['x']), fileName: 'a.pdf', attachmentTypeId: 3, orgId: 'o1', fund: 'PUI' as const };
    await expect(lazy.upload(request)).rejects.toBe(refused);
  });

  it('fails as a transfer without network when its code cannot be downloaded, and tries again at the next one', async () => {
    let reachable = false;
    const transfers = fakeTransfers();
    vi.doMock(ATTACHMENTS, () => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return { createAttachmentTransfers: () => transfers };
    });
    const lazy = await onDemand();

    const failure = await lazy.downloadFile('d1').catch((error: unknown) => error);
    // The module graph is fresh in each test (vi.resetModules): the error is the reloaded errors.ts's class.
    expect(failure).toMatchObject({ name: 'ApiRequestError', status: null, message: messages.generic.network });

    reachable = true;
    await expect(lazy.downloadFile('d1')).resolves.toMatchObject({ fileName: 'allegato.pdf' });
  });
});
