import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { applicationRow, forceApplicationStatus, historyRows, updateStatus } from '../support/applicationFixtures.ts';
import { removeAttachment, samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';

/** server/seed/attachmentTypes.ts: an application slot and the integration slot of PUI. */
const PUI_REPORT = 103;
const PUI_INTEGRATION = 150;

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithOrganization(t, { name: 'Comune di Precondizione' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  applicationId = await forceApplicationStatus(t, owner.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA');
});
afterAll(() => t.close());

const upload = (typeId: number, name: string, orgId = owner.orgId, token = owner.token) =>
  uploadAttachment(t, token, { name, content: samplePdf(name) }, { orgId, callType: 'PUI', typeId });

describe('attachments with a purpose: the lifecycle decides when each may be written', () => {
  it('keeps integration slots closed before an integration is asked, application slots closed after submit', async () => {
    const early = await upload(PUI_INTEGRATION, 'troppo-presto.pdf');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'attachments_closed', message: messages.attachments.closedForPurpose });
    expect((await upload(PUI_REPORT, 'relazione.pdf')).statusCode).toBe(409);
  });

  it('opens only the integration slots while In integrazione, to the organisation’s own members', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_INTEGRAZIONE');
    expect((await upload(PUI_REPORT, 'relazione.pdf')).json().error).toBe('application_submitted');
    expect((await upload(PUI_INTEGRATION, 'altrui.pdf', owner.orgId, stranger.token)).statusCode).not.toBe(200);
    const added = await upload(PUI_INTEGRATION, 'planimetria.pdf');
    expect(added.statusCode).toBe(200);
    expect((await removeAttachment(t, owner.token, added.json().id)).statusCode).toBe(200);
  });
});

describe('the applicant’s own status changes need what they hand over', () => {
  it('refuses Integrazione Sottomessa without a document of the open round, writing nothing', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_INTEGRAZIONE');
    const before = await applicationRow(t, applicationId);
    const historyBefore = (await historyRows(t, applicationId)).length;
    const refused = await updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'precondition_failed', message: messages.applications.integrationDocumentMissing });
    expect(await applicationRow(t, applicationId)).toEqual(before);
    expect(await historyRows(t, applicationId)).toHaveLength(historyBefore);
  });

  it('completes it once a document is uploaded, once: a second request is refused and the slots close', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_INTEGRAZIONE');
    expect((await upload(PUI_INTEGRATION, 'computo-metrico.pdf')).statusCode).toBe(200);
    const historyBefore = (await historyRows(t, applicationId)).length;
    const [first, second] = await Promise.all([
      updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa'),
      updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await applicationRow(t, applicationId))?.status).toBe('INTEGRAZIONE_SOTTOMESSA');
    expect(await historyRows(t, applicationId)).toHaveLength(historyBefore + 1);
    expect((await upload(PUI_INTEGRATION, 'dopo.pdf')).statusCode).toBe(409);
  });

  it('refuses Istruttoria Sottomessa and Monitoraggio Sottomesso until their answers can be checked', async () => {
    for (const [from, to] of [
      ['AMMISSIBILE', 'Istruttoria Sottomessa'],
      ['MONITORAGGIO_APERTO', 'Monitoraggio Sottomesso'],
    ] as const) {
      await forceApplicationStatus(t, owner.orgId, 'PUI', from);
      const refused = await updateStatus(t, owner.token, 'PUI', applicationId, to);
      expect(refused.statusCode, to).toBe(409);
      expect(refused.json(), to).toEqual({ error: 'precondition_failed', message: messages.applications.transitionNotYetPossible });
      expect((await applicationRow(t, applicationId))?.status, to).toBe(from);
    }
  });
});
