import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../server/db/schema/invitations.ts';
import { readOutbox } from '../support/outbox.ts';
import { personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Findings 8 and 13 of issue 41. Anybody may type anybody's address: into the registration form, or into an
 * invitation. So what the portal mails there carries no text a stranger chose beyond the invitation's message,
 * quoted under its sender's registered name; and the invitation's answer says nothing about whose account an
 * address belongs to, or whether it is verified.
 */

let t: TestApp;
let stamp = 0;
const newEmail = (name: string) => `${name}.${++stamp}.${Date.now()}@esempio.it`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = async (to: string) => (await readOutbox(t.config.mail.outboxDir)).filter((mail) => mail.to === to);

describe('the verification e-mail', () => {
  it('greets without the name typed at registration', async () => {
    const person = await t.register(
      { firstName: 'Clicca qui: www.truffa.example', lastName: 'Rossi', email: newEmail('sconosciuta') },
      { verify: false },
    );
    const [mail, ...more] = await mailsTo(person.email);
    expect(more).toEqual([]);
    // The portal's one greeting (issue 46: the e-mails switched between «Gentile …» and «Buongiorno»).
    expect(mail!.text.split('\n')[0]).toBe('Buongiorno,');
    expect(mail!.text).not.toContain('truffa');
    expect(mail!.subject).not.toContain('truffa');
  });
});

describe('an invitation', () => {
  let owner: Awaited<ReturnType<typeof personWithOrganization>>;
  beforeAll(async () => {
    owner = await personWithOrganization(t, { name: 'Comune di Roccaverde' });
    await t.post('/api/User/UpdateUser', { id: owner.userId, firstName: 'Mario', lastName: 'Rossi' }, owner.token);
  });

  const invite = (emails: string[], extra: Record<string, unknown> = {}) =>
    t.post(
      '/api/SendEmail/SendEmail',
      { emails, userId: owner.userId, subject: 'Hai vinto un premio: www.truffa.example', message: '', ...extra },
      owner.token,
      selected(owner.orgId),
    );

  it('has the portal’s subject, naming the organisation and the sender as registered, whatever subject was sent', async () => {
    const to = newEmail('invitata');
    expect((await invite([to])).statusCode).toBe(200);
    const [mail] = await mailsTo(to);
    expect(mail!.subject).toBe('Mario Rossi ti invita a collaborare per «Comune di Roccaverde» sul Portale Fondi');
    expect(mail!.text).not.toContain('truffa');
  });

  it('shows the message as quoted text from its named sender', async () => {
    const to = newEmail('con.messaggio');
    expect((await invite([to], { message: 'Ciao,\nti aspettiamo.' })).statusCode).toBe(200);
    const [mail] = await mailsTo(to);
    expect(mail!.text).toContain('Mario Rossi (Comune di Roccaverde) ha scritto:\n> Ciao,\n> ti aspettiamo.\n');
  });

  it('answers the same for an unknown, a verified and an unverified address, and mails only those it may', async () => {
    const unknown = newEmail('nuova');
    // Both have used the portal (GET /api/User), so it knows their addresses and whether they are verified.
    const known = async (person: { email: string; token: string }) => {
      expect((await t.get('/api/User', person.token)).statusCode).toBe(200);
      return person.email;
    };
    const verified = await known(await t.register({ email: newEmail('verificata') }));
    const unverified = await known(await t.register({ email: newEmail('non.verificata') }, { verify: false }));
    const answers = [];
    for (const email of [unknown, verified, unverified]) {
      const response = await invite([email]);
      const { expiresAt, ...rest } = response.json<{ expiresAt: string }>();
      answers.push({ status: response.statusCode, ...rest, expiresIn: Math.round((Date.parse(expiresAt) - Date.now()) / 60_000) });
    }
    const shape = (email: string) => ({ status: 200, organizationId: owner.orgId, sent: [email], failed: [], expiresIn: 7 * 24 * 60 });
    expect(answers).toEqual([shape(unknown), shape(verified), shape(unverified)]);
    const all = await invite([unknown, unverified, verified]);
    expect(all.json()).toMatchObject({ sent: [unknown, unverified, verified], failed: [] });

    // The delivery rule stays: an address not confirmed yet gets nothing but its verification link.
    expect((await mailsTo(unverified)).map((mail) => mail.text)).toEqual([expect.stringContaining('verifica-email?token=')]);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, unverified))).toEqual([]);
    expect(await mailsTo(unknown)).toHaveLength(2);
  });
});
