import { multipartForm, type MultipartFile } from './multipartForm.ts';
import type { TestApp } from './testApp.ts';

export interface AttachmentUpload {
  orgId: string;
  callType: string;
  typeId: number;
  /** Nome and Descrizione (spec §3: both the file name); the file's own name by default. */
  name?: string;
  /** The File part before the other fields, as some clients send it. */
  fieldsAfterFile?: boolean;
}

/** POST /api/FileUpload/UploadFile as the slot widget sends it (spec §3 upload payload). */
export function uploadAttachment(t: TestApp, token: string | null, file: MultipartFile, upload: AttachmentUpload) {
  const name = upload.name ?? file.name;
  const fields: [string, string][] = [
    ['Nome', name],
    ['Descrizione', name],
    ['TipoFileId', String(upload.typeId)],
    ['OrgId', upload.orgId],
    ['CallType', upload.callType],
  ];
  const form = multipartForm(upload.fieldsAfterFile ? [['File', file], ...fields] : [...fields, ['File', file]]);
  return t.app.inject({
    method: 'POST',
    url: '/api/FileUpload/UploadFile',
    headers: { 'content-type': form.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.body,
  });
}

/** DELETE /api/FileUpload/RemoveAttachement (downloadId). */
export function removeAttachment(t: TestApp, token: string | undefined, downloadId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/FileUpload/RemoveAttachement?downloadId=${downloadId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A small valid PDF with `text` in a comment. */
export const samplePdf = (text: string) =>
  Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
