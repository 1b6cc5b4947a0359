import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../server/db/schema/invitations.ts';
import { organizationMembers } from '../../server/db/schema/organizations.ts';
import { hashInvitationToken } from '../../server/auth/invitations.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { openTestDatabase } from '../support/testDatabase.ts';
import { parseEml } from '../support/outbox.ts';

let t: TestApp;
let inviter: Awaited<ReturnType<typeof personWithOrganization>>;

beforeAll(async () => {
  t = await createTestApp();
  inviter = await personWithOrganization(t, { name: 'Comune di Roccaverde' });
});
afterAll(() => t.close());

const outboxFiles = async () => {
  const dir = t.config.mail.outboxDir;
  return (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
};

/** Sends invitations as the inviter and returns the e-mails that reached the outbox, decoded. */
async function invite(emails: string[], extra: Record<string, unknown> = {}) {
  const before = new Set(await outboxFiles());
  const response = await t.post(
    '/api/SendEmail/SendEmail',
    { emails, userId: inviter.userId, subject: 'Collabora con noi', message: 'Ciao,\nti aspettiamo.', ...extra },
    inviter.token,
    selected(inviter.orgId),
  );
  const files = (await outboxFiles()).filter((f) => !before.has(f));
  const mails = await Promise.all(files.map((f) => readFile(path.join(t.config.mail.outboxDir, f), 'utf8')));
  return { response, files, mails };
}

/** The link in an .eml: quoted-printable soft breaks removed first. */
function tokenIn(eml: string): string {
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = body.match(/http:\/\/portale\.test\/accetta-invito\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link in\n${eml}`);
  return match[1]!;
}

/**
 * A portal whose mail goes to an SMTP server, and an organisation's owner who registered and verified their
 * address through a second process of the same portal writing to its outbox (one database).
 */
async function ownerBesideSmtpPortal(env: Record<string, string>) {
  const database = await openTestDatabase();
  const withOutbox = await createTestApp({ database: { ...database, close: async () => {} } });
  const owner = await personWithOrganization(withOutbox);
  await withOutbox.close();
  const smtp = await createTestApp({ database, env });
  return { smtp, owner };
}

describe('SendEmail', () => {
  it('writes one e-mail per address to the outbox, with a single-use link to /accetta-invito, and stores only its hash', async () => {
    const { response, files, mails } = await invite(['Anna.Neri@Esempio.it', 'anna.neri@esempio.it', 'paolo.gialli@esempio.it']);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      organizationId: inviter.orgId,
      sent: ['anna.neri@esempio.it', 'paolo.gialli@esempio.it'],
      failed: [],
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/);
    const anna = mails.find((mail) => /^To: anna\.neri@esempio\.it$/m.test(mail))!;
    // The portal's subject, not the one sent (tests/api/mailsToStrangers.test.ts).
    expect(parseEml('anna', anna).subject).toBe('Giulia Rossi ti invita a collaborare per «Comune di Roccaverde» sul Portale Fondi');
    expect(anna).toMatch(/^From: "?Portale Fondi"? <noreply@portale-fondi\.local>$/m);
    const token = tokenIn(anna);

    const rows = await t.db.select().from(invitations).where(eq(invitations.organizationId, inviter.orgId));
    const row = rows.find((r) => r.email === 'anna.neri@esempio.it')!;
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses CR/LF in an address or in the subject (400) and sends nothing', async () => {
    const cases = [
      { emails: ['vittima@esempio.it\r\nBcc: tutti@esempio.it'] },
      { emails: ['vittima@esempio.it\nBcc: tutti@esempio.it'] },
      { emails: ['vittima@esempio.it'], subject: 'Invito\r\nBcc: tutti@esempio.it' },
      { emails: ['vittima@esempio.it'], subject: 'Invito\nX-Spam: 1' },
    ];
    for (const extra of cases) {
      const { response, files } = await invite([], extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Il campo non può contenere ritorni a capo');
      expect(files).toEqual([]);
    }
    const rows = await t.db.select().from(invitations).where(eq(invitations.email, 'vittima@esempio.it'));
    expect(rows).toEqual([]);
  });

  it('refuses an address without an at-sign or otherwise not an address, and an empty list', async () => {
    for (const emails of [['mario.rossi.esempio.it'], ['mario@'], ['@esempio.it'], ['mario rossi@esempio.it'], []]) {
      const { response, files } = await invite(emails);
      expect(response.statusCode, JSON.stringify(emails)).toBe(400);
      expect(response.json().message).toMatch(/^E-mail: /);
      expect(files).toEqual([]);
    }
  });

  it('refuses a userId that is not the caller’s (403) and needs the selected organisation header (400)', async () => {
    const other = await personWithOrganization(t);
    const { response, files } = await invite(['x@esempio.it'], { userId: other.userId });
    expect(response.statusCode).toBe(403);
    expect(files).toEqual([]);
    const noHeader = await t.post(
      '/api/SendEmail/SendEmail',
      { emails: ['x@esempio.it'], userId: inviter.userId, subject: 's', message: 'm' },
      inviter.token,
    );
    expect(noHeader.statusCode).toBe(400);
  });

  it('writes the same subject, the portal’s, with or without one sent', async () => {
    const subjectOf = (mail: string) => parseEml('invito', mail).subject;
    const without = await invite(['senza.oggetto@esempio.it'], { subject: '' });
    const withOne = await invite(['con.oggetto@esempio.it'], { subject: 'Un oggetto scelto da chi invita' });
    expect([without.response.statusCode, withOne.response.statusCode]).toEqual([200, 200]);
    expect(subjectOf(withOne.mails[0]!)).toBe(subjectOf(without.mails[0]!));
  });
});

describe('accepting an invitation', () => {
  it('makes the person with the invited address (any case) a member, once', async () => {
    const { mails } = await invite(['marta.blu@esempio.it']);
    const token = tokenIn(mails[0]!);
    const marta = await t.register({ firstName: 'Marta', lastName: 'Blu', email: 'Marta.Blu@Esempio.IT' });

    const view = await t.get(`/api/Organization/GetInvitation?token=${token}`, marta.token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      organizationName: 'Comune di Roccaverde',
      email: 'marta.blu@esempio.it',
      expiresAt: expect.any(String),
      status: 'pending',
    });

    const accepted = await t.post('/api/Organization/AcceptInvitation', { token }, marta.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: inviter.orgId, organizationName: 'Comune di Roccaverde', role: 'editor' });

    const orgs = (await t.get('/api/Organization/GetOrganizations', marta.token)).json();
    expect(orgs).toEqual([expect.objectContaining({ id: inviter.orgId, role: 'editor' })]);
    const detail = (await t.get(`/api/Organization/GetOrganizationById?id=${inviter.orgId}`, marta.token)).json();
    expect(detail.members).toEqual(expect.arrayContaining([expect.objectContaining({ firstName: 'Marta', role: 'editor' })]));

    const again = await t.post('/api/Organization/AcceptInvitation', { token }, marta.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Questo invito è già stato utilizzato.');
    expect((await t.get(`/api/Organization/GetInvitation?token=${token}`, marta.token)).json().status).toBe('accepted');
  });

  it('refuses any other account (403) without naming the invited address, and the invitation stays usable', async () => {
    const { mails } = await invite(['destinatario.giusto@esempio.it']);
    const token = tokenIn(mails[0]!);
    const intruder = await t.register({ email: 'intruso@esempio.it' });
    const refused = await t.post('/api/Organization/AcceptInvitation', { token }, intruder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Questo invito è destinato a un altro indirizzo e-mail: accedi con l\u2019indirizzo a cui è stato inviato.',
    );
    expect(refused.body).not.toContain('destinatario.giusto');
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${inviter.orgId}`, intruder.token)).statusCode).toBe(404);

    const rightful = await t.register({ email: 'destinatario.giusto@esempio.it' });
    expect((await t.post('/api/Organization/AcceptInvitation', { token }, rightful.token)).statusCode).toBe(200);
  });

  it('refuses an expired invitation with 410', async () => {
    const { mails } = await invite(['in.ritardo@esempio.it']);
    const token = tokenIn(mails[0]!);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.tokenHash, hashInvitationToken(token)));
    const late = await t.register({ email: 'in.ritardo@esempio.it' });
    expect((await t.get(`/api/Organization/GetInvitation?token=${token}`, late.token)).json().status).toBe('expired');
    const refused = await t.post('/api/Organization/AcceptInvitation', { token }, late.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe('L\u2019invito è scaduto: chiedi un nuovo invito a chi ti ha invitato.');
    const me = (await t.get('/api/User', late.token)).json();
    expect(await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, me.id))).toEqual([]);
  });

  it('does not let a platform administrator join an organisation', async () => {
    const { mails } = await invite([ADMIN_EMAIL]);
    const admin = await t.loginAsAdmin();
    const refused = await t.post('/api/Organization/AcceptInvitation', { token: tokenIn(mails[0]!) }, admin.token);
    expect(refused.statusCode).toBe(403);
    const all = (await t.get('/api/Organization/GetOrganizations', admin.token)).json();
    expect(all.find((o: { id: string }) => o.id === inviter.orgId)).toMatchObject({ role: null });
  });

  it('answers 404 for an unknown or malformed token', async () => {
    const person = await t.register();
    for (const token of ['x'.repeat(43), 'corto', "'; drop table invitations; --"]) {
      expect((await t.get(`/api/Organization/GetInvitation?token=${encodeURIComponent(token)}`, person.token)).statusCode).toBe(404);
      expect((await t.post('/api/Organization/AcceptInvitation', { token }, person.token)).statusCode).toBe(404);
    }
  });

  it('keeps an existing member’s role when they accept an invitation to their own organisation', async () => {
    const { mails } = await invite([inviter.email]);
    const accepted = await t.post('/api/Organization/AcceptInvitation', { token: tokenIn(mails[0]!) }, inviter.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().role).toBe('admin');
  });
});

describe('with SMTP_URL', () => {
  let server: Server;
  const received: string[] = [];

  /** The least SMTP server nodemailer will talk to: no TLS, no authentication. */
  beforeAll(async () => {
    server = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let index: number;
        while (true) {
          if (data) {
            index = buffer.indexOf('\r\n.\r\n');
            if (index < 0) return;
            received.push(buffer.slice(0, index));
            buffer = buffer.slice(index + 5);
            data = false;
            socket.write('250 OK\r\n');
            continue;
          }
          index = buffer.indexOf('\r\n');
          if (index < 0) return;
          const line = buffer.slice(0, index).toUpperCase();
          buffer = buffer.slice(index + 2);
          if (line.startsWith('EHLO')) socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (line.startsWith('DATA')) {
            data = true;
            socket.write('354 End with .\r\n');
          } else if (line.startsWith('QUIT')) socket.end('221 Bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the invitation to that server instead of the outbox', async () => {
    const port = (server.address() as { port: number }).port;
    const { smtp, owner } = await ownerBesideSmtpPortal({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Bandi <bandi@esempio.it>' });
    try {
      const response = await smtp.post(
        '/api/SendEmail/SendEmail',
        { emails: ['via.smtp@esempio.it'], userId: owner.userId, subject: 'Invito SMTP', message: '' },
        owner.token,
        selected(owner.orgId),
      );
      expect(response.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: via\.smtp@esempio\.it$/m);
      expect(received[0]).toMatch(/^From: Bandi <bandi@esempio\.it>$/m);
      expect(received[0]).toContain('accetta-invito?token=');
      expect(await readdir(smtp.config.mail.outboxDir).catch(() => [])).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('answers 502 and keeps no invitation when the SMTP server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { smtp, owner } = await ownerBesideSmtpPortal({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const response = await smtp.post(
        '/api/SendEmail/SendEmail',
        { emails: ['irraggiungibile@esempio.it'], userId: owner.userId, subject: 'Invito', message: '' },
        owner.token,
        selected(owner.orgId),
      );
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toContain('invito');
      expect(await smtp.db.select().from(invitations).where(eq(invitations.organizationId, owner.orgId))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});
