import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../server/db/schema/attachments.ts';
import { messages } from '../../domain/messages.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3TestServer.ts';

const PUI_REPORT = 103;

/**
 * The file store out of reach (an S3-compatible bucket stopped, a network partition): the portal says so with a
 * 503 a person can act on ("try again shortly"), keeps nothing half-written, and the rest of the portal works.
 */
describe('when the attachments store is out of reach', () => {
  let t: TestApp;
  let s3: S3TestServer;
  let a: Awaited<ReturnType<typeof personWithOrganization>>;
  let storedId: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    t = await createTestApp({ env: s3.env });
    a = await personWithOrganization(t, { name: 'Comune di Gamma' });
    const stored = await uploadAttachment(
      t,
      a.token,
      { name: 'Relazione.pdf', content: samplePdf('prima'), contentType: 'application/pdf' },
      {
        orgId: a.orgId,
        callType: 'PUI',
        typeId: PUI_REPORT,
      },
    );
    expect(stored.statusCode).toBe(200);
    storedId = stored.json().id;
    await s3.stop();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an upload with 503 and an Italian message, and records no attachment', async () => {
    const before = (await t.db.select({ id: attachments.id }).from(attachments)).length;
    const response = await uploadAttachment(
      t,
      a.token,
      { name: 'Cronoprogramma.pdf', content: samplePdf('dopo'), contentType: 'application/pdf' },
      {
        orgId: a.orgId,
        callType: 'PUI',
        typeId: 105,
      },
    );
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toMatchObject({ error: 'service_unavailable', message: messages.generic.unavailable });
    expect((await t.db.select({ id: attachments.id }).from(attachments)).length).toBe(before);
  });

  it('answers a download with 503, and the attachment is still listed', async () => {
    const response = await t.get(`/api/FileUpload/GetFile?downloadId=${storedId}`, a.token);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(messages.generic.unavailable);
    const slots = await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${a.orgId}&callType=PUI`, a.token);
    expect(slots.statusCode).toBe(200);
    expect(slots.json().find((slot: { id: number }) => slot.id === PUI_REPORT).downloadId).toBe(storedId);
  });
});
