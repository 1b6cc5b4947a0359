import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { fundEntry } from '../../domain/funds.ts';
import { samplePdf } from './attachmentUpload.ts';
import { multipartForm } from './multipartForm.ts';
import { sampleDocuments } from './officeFiles.ts';
import { completePuiApplication } from './puiFixtures.ts';
import { completeTurApplication } from './turFixtures.ts';

/** Each fund's mandatory attachment types (server/reference/attachmentTypes.ts): PDFs, and the one Excel workbook. */
const SLOTS = {
  PUI: { pdf: [101, 102, 103, 105, 106], excel: 104, values: completePuiApplication },
  TUR: { pdf: [201, 202, 203, 205, 206], excel: 204, values: completeTurApplication },
} as const;

type PortalFund = keyof typeof SLOTS;

/**
 * An application ready to hand over, through the portal's HTTP API as the wizard leaves it: the complete values
 * saved as the draft and every mandatory attachment uploaded. Answers the hand-over's path and body.
 */
export async function prepareCompleteApplicationOverHttp(
  url: string,
  token: string,
  orgId: string,
  fund: PortalFund,
  headers: Record<string, string> = {},
): Promise<{ path: string; body: Record<string, unknown> }> {
  const authorization = `Bearer ${token}`;
  const slots = SLOTS[fund];
  const values = slots.values(orgId) as unknown as Record<string, unknown>;
  const saved = await fetch(`${url}/api/DraftCompilazione/CreateDraftCompilazione`, {
    method: 'POST',
    headers: { ...headers, authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ compilazioneType: COMPILAZIONE_TYPE[fund], organizationId: orgId, json: JSON.stringify(values) }),
  });
  if (saved.status !== 200) throw new Error(`CreateDraftCompilazione ${fund} answered ${saved.status}`);
  const workbook = (await sampleDocuments()).find((document) => document.name.endsWith('.xlsx'))!;
  const files = [
    ...slots.pdf.map((slot) => ({ slot, name: `allegato-${slot}.pdf`, content: samplePdf(`Allegato ${slot}`) })),
    { slot: slots.excel, name: workbook.name, content: workbook.content },
  ];
  for (const file of files) {
    const form = multipartForm([
      ['Nome', file.name],
      ['Descrizione', file.name],
      ['TipoFileId', String(file.slot)],
      ['OrgId', orgId],
      ['CallType', fund],
      ['File', { name: file.name, content: file.content }],
    ]);
    const uploaded = await fetch(`${url}/api/FileUpload/UploadFile`, {
      method: 'POST',
      headers: { ...headers, authorization, 'content-type': form.contentType },
      body: new Uint8Array(form.body),
    });
    if (uploaded.status !== 200) throw new Error(`UploadFile ${fund} ${file.slot} answered ${uploaded.status}`);
  }
  return { path: fundEntry(fund).submitPath, body: values };
}
