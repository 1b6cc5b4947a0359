import { rename, rm, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationAdminMessages as m } from '../../domain/messages/organizationAdmin.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import type { OrganizationDetail } from '../../domain/organization.ts';
import type { OrganizationEvent } from '../../domain/organizationHistory.ts';
import { readOutbox, type OutboxMail } from '../support/outbox.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 42: platform administrators put things right — add a member by e-mail, remove one, make one the Referente,
 * suspend the organisation and give it back. Each act needs a reason, is one line of the organisation's history
 * (who, when, why) and is e-mailed to the organisation's Referenti and the person it is about.
 */

const MISSING = '00000000-0000-4000-8000-000000000000';
const REASON = 'Richiesta scritta del legale rappresentante, protocollo 1234/2026.';

let t: TestApp;
let admin: string;
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'error', stream: logStream } });
  admin = (await t.loginAsAdmin()).token;
}, 60_000);
afterAll(async () => t?.close());

async function newMails<T>(act: () => Promise<T>): Promise<{ result: T; mails: OutboxMail[] }> {
  const before = new Set((await readOutbox(t.config.mail.outboxDir)).map((mail) => mail.file));
  const result = await act();
  const mails = (await readOutbox(t.config.mail.outboxDir)).filter((mail) => !before.has(mail.file));
  return { result, mails };
}

const history = async (organizationId: string, token = admin) =>
  (await t.get(`/api/Organization/GetOrganizationHistory?organizationId=${organizationId}`, token)).json<OrganizationEvent[]>();
const detail = async (organizationId: string, token = admin) =>
  (await t.get(`/api/Organization/GetOrganizationById?id=${organizationId}`, token)).json<OrganizationDetail>();

describe('adding a member by e-mail', () => {
  it('adds an existing account with the role chosen, records it with the reason and mails the Referente and the person', async () => {
    const referent = await personWithOrganization(t, { name: 'Comune di Aggiunta' });
    const newcomer = await t.register({ firstName: 'Nadia', lastName: 'Nuovi' });
    const { result: response, mails } = await newMails(() =>
      t.post(
        '/api/Organization/AdminAddMember',
        { organizationId: referent.orgId, email: newcomer.email.toUpperCase(), role: 'viewer', reason: REASON },
        admin,
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ organizationId: referent.orgId, status: 'active', suspensionReason: null });
    const members = (await detail(referent.orgId)).members;
    expect(members.find((member) => member.email === newcomer.email)?.role).toBe('viewer');

    const [line] = (await history(referent.orgId)).filter((event) => event.kind === 'member.added');
    expect(line).toMatchObject({
      actorIsPlatformAdmin: true,
      reason: REASON,
      subjectName: `Nadia Nuovi (${newcomer.email})`,
      details: { role: 'viewer' },
    });
    expect(Date.now() - Date.parse(line!.at)).toBeLessThan(60_000);

    expect(mails.map((mail) => mail.to).sort()).toEqual([newcomer.email, referent.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Portale Fondi: aggiunta di un membro \u2014 \u00abComune di Aggiunta\u00bb');
      expect(mail.text).toContain('L\u2019amministrazione del portale ha aggiunto Nadia Nuovi');
      expect(mail.text).toContain('con il ruolo di Sola lettura');
      expect(mail.text).toContain(REASON);
      expect(mail.text).toMatch(/Data e ora: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(ora italiana\)/);
    }
  });

  it('refuses an address without an account, saying the person must register first; and one already a member', async () => {
    const referent = await personWithOrganization(t);
    const stranger = await t.post(
      '/api/Organization/AdminAddMember',
      { organizationId: referent.orgId, email: 'nessuno.registrato@esempio.it', reason: REASON },
      admin,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'account_not_found', message: m.accountNotFound });
    const again = await t.post(
      '/api/Organization/AdminAddMember',
      { organizationId: referent.orgId, email: referent.email, reason: REASON },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_member', message: m.alreadyMember });
    expect((await history(referent.orgId)).filter((event) => event.kind === 'member.added')).toEqual([]);
  });
});

describe('every act needs a reason', () => {
  it.each([
    ['missing', undefined, m.reason.required],
    ['blank', '   ', m.reason.required],
    ['too short', 'perché sì', m.reason.tooShort],
    ['too long', 'x'.repeat(1001), m.reason.tooLong],
    ['with a direction control', 'Motivo valido \u202egpj.exe', 'Il campo contiene caratteri invisibili'],
  ])('%s: 400 with an Italian message, nothing done', async (_label, reason, message) => {
    const referent = await personWithOrganization(t);
    for (const [url, body] of [
      ['/api/Organization/SuspendOrganization', {}],
      ['/api/Organization/AdminAddMember', { email: 'chiunque@esempio.it' }],
      ['/api/Organization/AdminRemoveMember', { userId: referent.userId }],
      ['/api/Organization/AdminMakeReferent', { userId: referent.userId }],
    ] as const) {
      const response = await t.post(url, { organizationId: referent.orgId, ...body, reason }, admin);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.body, url).toContain(message);
      expect(response.body, url).toContain('Motivo');
    }
    expect(await history(referent.orgId)).toEqual([]);
    expect((await detail(referent.orgId)).status).toBe('active');
  });
});

describe('removing a member and moving the referent role', () => {
  it('makes a member the Referente, turning the current one into a Compilatore, then removes the former', async () => {
    const first = await personWithOrganization(t, { name: 'Associazione Passaggio' });
    const second = await t.register({ firstName: 'Sara', lastName: 'Seconda' });
    await t.post('/api/Organization/AdminAddMember', { organizationId: first.orgId, email: second.email, reason: REASON }, admin);
    const secondId = (await detail(first.orgId)).members.find((member) => member.email === second.email)!.userId;

    // The only Referente cannot be removed.
    const lastOne = await t.post(
      '/api/Organization/AdminRemoveMember',
      { organizationId: first.orgId, userId: first.userId, reason: REASON },
      admin,
    );
    expect(lastOne.statusCode).toBe(409);
    expect(lastOne.json()).toEqual({ error: 'last_admin', message: m.lastReferent });

    const { result: moved, mails } = await newMails(() =>
      t.post(
        '/api/Organization/AdminMakeReferent',
        { organizationId: first.orgId, userId: secondId, demoteOthers: true, reason: REASON },
        admin,
      ),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const roles = Object.fromEntries((await detail(first.orgId)).members.map((member) => [member.email, member.role]));
    expect(roles).toEqual({ [first.email]: 'editor', [second.email]: 'admin' });
    // The new Referente is told, and so is the former one, whose role changed.
    expect(mails.map((mail) => mail.to).sort()).toEqual([first.email, second.email].sort());
    expect(mails[0]!.subject).toContain('nomina del Referente');
    expect(mails[0]!.text).toContain('ora ha il ruolo di Compilatore');

    const { result: removed, mails: removalMails } = await newMails(() =>
      t.post('/api/Organization/AdminRemoveMember', { organizationId: first.orgId, userId: first.userId, reason: REASON }, admin),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await detail(first.orgId)).members.map((member) => member.email)).toEqual([second.email]);
    expect(removalMails.map((mail) => mail.to).sort()).toEqual([first.email, second.email].sort());
    expect(removalMails[0]!.text).toContain('ha rimosso');

    const kinds = (await history(first.orgId)).map((event) => [event.kind, event.reason, event.actorIsPlatformAdmin]);
    expect(kinds).toEqual([
      ['member.added', REASON, true],
      ['referent.moved', REASON, true],
      ['member.removed', REASON, true],
    ]);
    // The new Referente reads the history of their organisation; the removed person no longer can.
    const asReferent = await t.get(`/api/Organization/GetOrganizationHistory?organizationId=${first.orgId}`, second.token);
    expect(asReferent.statusCode).toBe(200);
    const asFormer = await t.get(`/api/Organization/GetOrganizationHistory?organizationId=${first.orgId}`, first.token);
    expect(asFormer.statusCode).toBe(404);
  });

  it('a member who is not a Referente may not read the history; a person not in the organisation cannot be removed', async () => {
    const referent = await personWithOrganization(t);
    const editor = await t.register();
    await t.post('/api/Organization/AdminAddMember', { organizationId: referent.orgId, email: editor.email, reason: REASON }, admin);
    const refused = await t.get(`/api/Organization/GetOrganizationHistory?organizationId=${referent.orgId}`, editor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: m.historyReferentsOnly });
    const nobody = await t.post(
      '/api/Organization/AdminRemoveMember',
      { organizationId: referent.orgId, userId: MISSING, reason: REASON },
      admin,
    );
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ error: 'not_found', message: organizationMessages.memberNotFound });
  });
});

describe('suspension and its end', () => {
  it('suspends with a reason, refuses a second suspension, gives it back; each in the history and mailed to the Referente', async () => {
    const referent = await personWithOrganization(t, { name: 'Cooperativa Sospesa' });
    const { result: suspended, mails } = await newMails(() =>
      t.post('/api/Organization/SuspendOrganization', { organizationId: referent.orgId, reason: REASON }, admin),
    );
    expect(suspended.json()).toEqual({ organizationId: referent.orgId, status: 'suspended', suspensionReason: REASON });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [referent.email, 'Portale Fondi: sospensione dell\u2019organizzazione \u2014 \u00abCooperativa Sospesa\u00bb'],
    ]);
    expect(mails[0]!.text).toContain('L\u2019amministrazione del portale ha sospeso');
    expect(mails[0]!.text).toContain(REASON);
    const me = (await t.get('/api/User', referent.token)).json<{
      organizations: { id: string; status: string; suspensionReason: string }[];
    }>();
    expect(me.organizations).toMatchObject([{ id: referent.orgId, status: 'suspended', suspensionReason: REASON }]);

    // The admin list marks it (its cached copy is patched with what changed).
    const listed = async () =>
      (await t.get('/api/Organization/GetAllOrgsCompilazioni', admin))
        .json<{ organization: { id: string; suspended: boolean } }[]>()
        .find((item) => item.organization.id === referent.orgId)?.organization.suspended;
    expect(await listed()).toBe(true);

    const twice = await t.post('/api/Organization/SuspendOrganization', { organizationId: referent.orgId, reason: REASON }, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'transition_refused', message: m.alreadySuspended });

    const restored = await t.post(
      '/api/Organization/RestoreOrganization',
      { organizationId: referent.orgId, reason: 'Documentazione ricevuta e verificata.' },
      admin,
    );
    expect(restored.json()).toEqual({ organizationId: referent.orgId, status: 'active', suspensionReason: null });
    const again = await t.post('/api/Organization/RestoreOrganization', { organizationId: referent.orgId, reason: REASON }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'transition_refused', message: m.notSuspended });
    expect(await listed()).toBe(false);

    expect((await history(referent.orgId, referent.token)).map((event) => [event.kind, event.reason])).toEqual([
      ['organization.suspended', REASON],
      ['organization.restored', 'Documentazione ricevuta e verificata.'],
    ]);
  });

  it('a mail that cannot be sent is logged, and the act stands', async () => {
    const referent = await personWithOrganization(t);
    // The outbox made a plain file: every delivery fails.
    const outbox = t.config.mail.outboxDir;
    await rename(outbox, `${outbox}.aside`);
    await writeFile(outbox, 'not a directory');
    try {
      const response = await t.post('/api/Organization/SuspendOrganization', { organizationId: referent.orgId, reason: REASON }, admin);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await rm(outbox);
      await rename(`${outbox}.aside`, outbox);
    }
    expect((await detail(referent.orgId)).status).toBe('suspended');
    expect(logged.some((line) => line.includes('organisation admin act: e-mail not sent'))).toBe(true);
  });
});

describe('who may act', () => {
  it('members and strangers hear 403; an organisation that does not exist is 404', async () => {
    const referent = await personWithOrganization(t);
    for (const url of [
      '/api/Organization/SuspendOrganization',
      '/api/Organization/RestoreOrganization',
      '/api/Organization/AdminAddMember',
      '/api/Organization/AdminRemoveMember',
      '/api/Organization/AdminMakeReferent',
    ]) {
      const body = { organizationId: referent.orgId, userId: referent.userId, email: referent.email, reason: REASON };
      const own = await t.post(url, body, referent.token);
      expect(own.statusCode, url).toBe(403);
      const missing = await t.post(url, { ...body, organizationId: MISSING }, admin);
      expect({ status: missing.statusCode, body: missing.json() }, url).toEqual({
        status: 404,
        body: { error: 'not_found', message: organizationMessages.notFound },
      });
    }
    expect(await history(referent.orgId)).toEqual([]);
  });
});
