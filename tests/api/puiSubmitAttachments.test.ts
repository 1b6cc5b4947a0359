import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentSlotListSchema } from '../../domain/attachments.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';

/** CreatePui with the real attachments module: a complete form is not enough without the mandatory files. */
let t: TestApp;
let person: Awaited<ReturnType<typeof personWithOrganization>>;

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Piano').addRow(['Voce', 'Importo']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function uploadInto(typeId: number, name: string, content: Buffer) {
  const form = multipartForm([
    ['Nome', name],
    ['Descrizione', name],
    ['TipoFileId', String(typeId)],
    ['OrgId', person.orgId],
    ['CallType', 'PUI'],
    ['File', { name, contentType: name.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream', content }],
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/FileUpload/UploadFile',
    headers: { 'content-type': form.contentType, authorization: `Bearer ${person.token}` },
    payload: form.body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  person = await personWithOrganization(t, { name: 'Comune di Gamma' });
});
afterAll(() => t.close());

describe('submitting a PUI application needs its mandatory attachments (spec §5)', () => {
  it('lists each empty mandatory slot on the Allegati step, then accepts once every one has a file', async () => {
    const body = completePuiApplication(person.orgId);
    const refused = await t.post('/api/Pui/CreatePui', body, person.token);
    expect(refused.statusCode).toBe(422);
    const slots = attachmentSlotListSchema.parse(
      (await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${person.orgId}&callType=PUI`, person.token)).json(),
    );
    const mandatory = slots.filter((slot) => slot.mandatoryInput);
    expect(mandatory.length).toBeGreaterThan(0);
    const issues = (refused.json() as { issues: { field: string; step: string; message: string }[] }).issues;
    expect(issues.map((issue) => issue.message).sort()).toEqual(
      mandatory.map((slot) => `L\u2019allegato è obbligatorio: ${slot.attachedTypeName}`).sort(),
    );
    expect(new Set(issues.map((issue) => issue.step))).toEqual(new Set(['allegati']));

    const workbook = await xlsx();
    for (const slot of mandatory) {
      await uploadInto(
        slot.id,
        slot.attachedType === 'Excel' ? 'piano.xlsx' : 'documento.pdf',
        slot.attachedType === 'Excel' ? workbook : pdf,
      );
    }
    const accepted = await t.post('/api/Pui/CreatePui', body, person.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'Candidatura Sottomessa' });
  });
});
