import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWindowMessages } from '../../domain/messages/callWindow.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { applicationOf, forceApplicationStatus, saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completeTurApplication } from '../support/turFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/** PUI's slot for the documents of an integration round. */
const PUI_INTEGRATION = 150;
/** A slot of TUR's application files. */
const TUR_REPORT = 203;
const MINUTE = 60_000;

let t: TestApp;
let shipped: { opensAt: Date; closesAt: Date };

/** Moves TUR's call (the `calls` row the server reads at every hand-over) to open and close at these moments. */
async function setTurCall(opensAt: Date, closesAt: Date) {
  await t.db.update(calls).set({ opensAt, closesAt }).where(eq(calls.fund, 'TUR'));
}
const submitTur = (person: { token: string; orgId: string }) =>
  t.post('/api/Tur/CreateUpdateTur', completeTurApplication(person.orgId), person.token);

beforeAll(async () => {
  // Attachments and the signed Domanda aside: the call's window is what these tests are about.
  t = await createTestApp({ missingRequiredAttachments: async () => [] });
  const [tur] = await t.db.select().from(calls).where(eq(calls.fund, 'TUR'));
  shipped = { opensAt: tur!.opensAt, closesAt: tur!.closesAt };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a draft after its call closed', () => {
  it('can no longer be saved nor handed over: 409 with the closing date and time in Rome, nothing written', async () => {
    const late = await personWithOrganization(t, { name: 'Comune in Ritardo' });
    expect((await saveDraft(t, late.token, late.orgId, 'TUR', { progNome: 'Ciclovia' })).statusCode).toBe(200);
    await setTurCall(shipped.opensAt, new Date('2026-11-30T17:00:00Z'));
    try {
      const saved = await saveDraft(t, late.token, late.orgId, 'TUR', { progNome: 'Ciclovia lunga' }, 1);
      expect(saved.statusCode).toBe(409);
      expect(saved.json()).toEqual({ error: 'call_closed', message: callWindowMessages.draftClosed('30/11/2026 alle 18:00') });
      expect(saved.json().message).toBe('La bozza non può più essere salvata: il bando si è chiuso il 30/11/2026 alle 18:00.');
      const submitted = await submitTur(late);
      expect(submitted.statusCode).toBe(409);
      expect(submitted.json()).toEqual({
        error: 'call_closed',
        message: 'La candidatura non può più essere inviata: il bando si è chiuso il 30/11/2026 alle 18:00.',
      });
      const row = await applicationOf(t, late.orgId, 'TUR');
      expect(row).toMatchObject({ status: 'APERTA', draftVersion: 1, submittedAt: null });
    } finally {
      await setTurCall(shipped.opensAt, shipped.closesAt);
    }
    // The same hand-over while the call is open is accepted: only the closing refused it.
    expect((await submitTur(late)).statusCode).toBe(200);
  });

  it("nor can the draft's files change: 409, and the file is not stored", async () => {
    const late = await personWithOrganization(t, { name: 'Comune degli Allegati' });
    expect((await saveDraft(t, late.token, late.orgId, 'TUR', { progNome: 'Ciclovia' })).statusCode).toBe(200);
    const upload = () =>
      uploadAttachment(
        t,
        late.token,
        { name: 'relazione.pdf', content: samplePdf('relazione') },
        { orgId: late.orgId, callType: 'TUR', typeId: TUR_REPORT },
      );
    await setTurCall(shipped.opensAt, new Date('2026-11-30T17:00:00Z'));
    try {
      const refused = await upload();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'call_closed',
        message: 'Gli allegati della candidatura non possono più essere modificati: il bando si è chiuso il 30/11/2026 alle 18:00.',
      });
    } finally {
      await setTurCall(shipped.opensAt, shipped.closesAt);
    }
    expect((await upload()).statusCode).toBe(200);
  });

  it('refuses the hand-over exactly from the closing time, not a minute before', async () => {
    const punctual = await personWithOrganization(t, { name: 'Comune Puntuale' });
    await setTurCall(shipped.opensAt, new Date(Date.now() - 1));
    try {
      expect((await submitTur(punctual)).json().error).toBe('call_closed');
      await setTurCall(shipped.opensAt, new Date(Date.now() + MINUTE));
      expect((await submitTur(punctual)).statusCode).toBe(200);
    } finally {
      await setTurCall(shipped.opensAt, shipped.closesAt);
    }
  });

  it('an application handed over before and reopened by the administrators may still be changed and handed over', async () => {
    const reopened = await personWithOrganization(t, { name: 'Comune Riaperto' });
    await forceApplicationStatus(t, reopened.orgId, 'TUR', 'APERTA', { submittedAt: new Date('2026-10-01T10:00:00Z') });
    await setTurCall(shipped.opensAt, new Date(Date.now() - MINUTE));
    try {
      expect((await saveDraft(t, reopened.token, reopened.orgId, 'TUR', { progNome: 'Corretto' })).statusCode).toBe(200);
      expect((await submitTur(reopened)).statusCode).toBe(200);
    } finally {
      await setTurCall(shipped.opensAt, shipped.closesAt);
    }
  });

  it('an application already handed over answers its hand-over again (a replay), closed or not', async () => {
    const done = await personWithOrganization(t, { name: 'Comune Consegnato' });
    expect((await submitTur(done)).statusCode).toBe(200);
    await setTurCall(shipped.opensAt, new Date(Date.now() - MINUTE));
    try {
      expect((await submitTur(done)).statusCode).toBe(200);
    } finally {
      await setTurCall(shipped.opensAt, shipped.closesAt);
    }
  });

  it('the completion of an integration round is not a hand-over of a draft: it stays possible after the closing', async () => {
    const asked = await personWithOrganization(t, { name: 'Comune Integrato' });
    const applicationId = await forceApplicationStatus(t, asked.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const admin = await t.loginAsAdmin();
    const query = new URLSearchParams({ puiId: applicationId, status: 'In integrazione', note: 'Manca la planimetria' });
    expect((await t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${query}`, undefined, admin.token)).statusCode).toBe(200);
    await t.db
      .update(calls)
      .set({ closesAt: new Date(Date.now() - MINUTE) })
      .where(eq(calls.fund, 'PUI'));
    try {
      const uploaded = await uploadAttachment(
        t,
        asked.token,
        { name: 'planimetria.pdf', content: samplePdf('planimetria') },
        { orgId: asked.orgId, callType: 'PUI', typeId: PUI_INTEGRATION },
      );
      expect(uploaded.statusCode).toBe(200);
      expect((await updateStatus(t, asked.token, 'PUI', applicationId, 'Integrazione Sottomessa')).statusCode).toBe(200);
    } finally {
      await t.db.update(calls).set({ closesAt: shipped.closesAt }).where(eq(calls.fund, 'PUI'));
    }
  });
});

describe('a draft before its call opens', () => {
  it('can be neither saved nor handed over: 409 with the opening date and time', async () => {
    const early = await personWithOrganization(t, { name: 'Comune in Anticipo' });
    await setTurCall(new Date('2027-03-02T08:00:00Z'), shipped.closesAt);
    try {
      const saved = await saveDraft(t, early.token, early.orgId, 'TUR', { progNome: 'Troppo presto' });
      expect(saved.statusCode).toBe(409);
      const message = 'Il bando apre il 02/03/2027 alle 09:00: fino ad allora la candidatura non può essere salvata né inviata.';
      expect(saved.json()).toEqual({ error: 'call_not_open', message });
      expect((await submitTur(early)).json()).toEqual({ error: 'call_not_open', message });
    } finally {
      await setTurCall(shipped.opensAt, shipped.closesAt);
    }
  });
});
