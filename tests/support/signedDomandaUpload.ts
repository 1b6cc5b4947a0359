import { multipartForm } from './multipartForm.ts';
import type { TestApp } from './testApp.ts';

/** POST /api/Domanda/UploadSignedDomanda as the submit step's slot sends it: the signed file as the one part. */
export function uploadSignedDomanda(t: TestApp, token: string, orgId: string, fund: string, file: { name: string; content: Uint8Array }) {
  const form = multipartForm([['File', { name: file.name, content: Buffer.from(file.content) }]]);
  return t.app.inject({
    method: 'POST',
    url: `/api/Domanda/UploadSignedDomanda?${new URLSearchParams({ orgId, callType: fund })}`,
    headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
    payload: form.body,
  });
}

/** GET /api/Domanda/DownloadDomanda: the PDF to sign. */
export async function downloadDomanda(t: TestApp, token: string, orgId: string, fund: string): Promise<Uint8Array> {
  const response = await t.get(`/api/Domanda/DownloadDomanda?${new URLSearchParams({ orgId, callType: fund })}`, token);
  if (response.statusCode !== 200) throw new Error(`Domanda not downloaded: ${response.statusCode} ${response.body}`);
  return new Uint8Array(response.rawPayload);
}
