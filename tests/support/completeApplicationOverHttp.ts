import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import type { PuiApplication } from '../../domain/pui/puiApplication.ts';
import { samplePdf } from './attachmentUpload.ts';
import { multipartForm } from './multipartForm.ts';
import { sampleDocuments } from './officeFiles.ts';
import { completePuiApplication } from './puiFixtures.ts';

/** PUI's mandatory attachment types (server/seed/attachmentTypes.ts); 104 takes an Excel workbook. */
const PDF_SLOTS = [101, 102, 103, 105, 106];
const EXCEL_SLOT = 104;

/**
 * A PUI application ready to hand over, through the portal's HTTP API as the wizard leaves it: the complete values
 * saved as the draft and every mandatory attachment uploaded. Answers the values the hand-over sends.
 */
export async function prepareCompletePuiOverHttp(url: string, token: string, orgId: string): Promise<PuiApplication> {
  const authorization = `Bearer ${token}`;
  const values = completePuiApplication(orgId);
  const saved = await fetch(`${url}/api/DraftCompilazione/CreateDraftCompilazione`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ compilazioneType: COMPILAZIONE_TYPE.PUI, organizationId: orgId, json: JSON.stringify(values) }),
  });
  if (saved.status !== 200) throw new Error(`CreateDraftCompilazione answered ${saved.status}`);
  const workbook = (await sampleDocuments()).find((document) => document.name.endsWith('.xlsx'))!;
  const files = [
    ...PDF_SLOTS.map((slot) => ({ slot, name: `allegato-${slot}.pdf`, content: samplePdf(`Allegato ${slot}`) })),
    { slot: EXCEL_SLOT, name: workbook.name, content: workbook.content },
  ];
  for (const file of files) {
    const form = multipartForm([
      ['Nome', file.name],
      ['Descrizione', file.name],
      ['TipoFileId', String(file.slot)],
      ['OrgId', orgId],
      ['CallType', 'PUI'],
      ['File', { name: file.name, content: file.content }],
    ]);
    const uploaded = await fetch(`${url}/api/FileUpload/UploadFile`, {
      method: 'POST',
      headers: { authorization, 'content-type': form.contentType },
      body: new Uint8Array(form.body),
    });
    if (uploaded.status !== 200) throw new Error(`UploadFile ${file.slot} answered ${uploaded.status}`);
  }
  return values;
}
