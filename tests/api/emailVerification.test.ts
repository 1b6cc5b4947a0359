import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages as vm } from '../../domain/messages/verification.ts';
import { legalTextSchema } from '../../domain/legal.ts';
import { idpAccounts, idpEmailVerifications } from '../../server/db/schema/identity.ts';
import { invitations } from '../../server/db/schema/invitations.ts';
import { organizationMembers } from '../../server/db/schema/organizations.ts';
import { users } from '../../server/db/schema/users.ts';
import { createUserRepository } from '../../server/auth/users.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { organizationPayload, personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { mailsTo, verificationLinkFor } from '../support/verificationMail.ts';

const privacyNotice = legalTextSchema.parse(JSON.parse(await readFile(path.resolve('server/reference/legal/privacy.json'), 'utf8')));

let t: TestApp;
let stamp = 0;
const newEmail = (name: string) => `${name}.${++stamp}.${Date.now()}@esempio.it`;
const outbox = () => t.config.mail.outboxDir;

beforeAll(async () => {
  // Two resends an hour per account here, so the third shows the limit.
  t = await createTestApp({ rateLimits: { verificationMailsPerAccount: { limit: 2, windowSeconds: 3600 } } });
});
afterAll(() => t.close());

/** A person who registered and has not opened the mailed link (yet). */
async function unverifiedPerson(name = 'non.verificata') {
  const person = await t.register({ email: newEmail(name) }, { verify: false });
  const me = (await t.get('/api/User', person.token)).json() as { id: string; emailVerified: boolean };
  return { ...person, userId: me.id, emailVerified: me.emailVerified };
}

const accountOf = async (email: string) => (await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email)))[0]!;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The verification page's button: its form, posted. */
const pressVerify = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/idp/verifica-email',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });

/** Opens the registration page in a fresh browser and submits `form`. */
const registrationForm = (form: Record<string, string>) => t.submitAtProvider('register', form);

describe('registration asks for consent and stores it', () => {
  it('refuses a registration without the terms accepted, in Italian, and creates no account', async () => {
    const email = newEmail('senza.consenso');
    const { response } = await registrationForm({ firstName: 'Paolo', lastName: 'Bianchi', email, password: 'password-sicura-1' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(vm.termsRequired);
    expect(response.body).toContain('aria-invalid="true" aria-describedby="terms-error"');
    expect(await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email))).toEqual([]);
    expect(await mailsTo(outbox(), email)).toEqual([]);
  });

  it('links the privacy notice and the accessibility statement from the registration page, with a labelled checkbox', async () => {
    const page = await t.browse(new CookieJar(), { method: 'GET', url: '/api/Jwt/login?screen=register' });
    expect(page.response.body).toMatch(/<input id="terms" name="terms" type="checkbox"[^>]*>\s*<label for="terms">Ho letto l’informativa/);
    expect(page.response.body).toContain('<a href="/privacy"');
    expect(page.response.body).toContain('<a href="/accessibilita"');
  });

  it('stores when the terms were accepted and which privacy notice was shown', async () => {
    const before = Date.now();
    const person = await unverifiedPerson('con.consenso');
    const account = await accountOf(person.email);
    expect(account.privacyNoticeVersion).toBe(privacyNotice.version);
    expect(account.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(account.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(account.emailVerifiedAt).toBeNull();
  });
});

describe('the verification link', () => {
  it('is mailed once at registration, in Italian, with a link from PUBLIC_URL; only its hash is stored', async () => {
    const person = await unverifiedPerson('posta');
    const mails = await mailsTo(outbox(), person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/^Subject: /m);
    expect(mails[0]!.text).toContain('Portale Fondi');
    const link = await verificationLinkFor(outbox(), person.email);
    expect(link).toMatch(/^http:\/\/portale\.test\/idp\/verifica-email\?token=[A-Za-z0-9_-]{40,}$/);
    const token = new URL(link).searchParams.get('token')!;
    const account = await accountOf(person.email);
    const stored = await t.db.select().from(idpEmailVerifications).where(eq(idpEmailVerifications.accountId, account.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Valid about a day.
    const validFor = stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime();
    expect(validFor).toBe(24 * 60 * 60 * 1000);
  });

  it('a second click on Registrati (the same form again) sends no second mail', async () => {
    const email = newEmail('doppio.clic');
    const form = { firstName: 'Rita', lastName: 'Longo', email, password: 'password-sicura-1', terms: 'accepted' };
    const answers = await Promise.all([registrationForm(form), registrationForm(form)]);
    // One account; both submissions see the same «Controlla la tua casella di posta» page.
    for (const answer of answers) {
      expect(answer.response.statusCode).toBe(200);
      expect(answer.response.body).toContain('Controlla la tua casella di posta');
    }
    expect(await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email))).toHaveLength(1);
    expect(await mailsTo(outbox(), email)).toHaveLength(1);
  });

  it('opening the link (GET, or a scanner’s HEAD) verifies nothing: only the page’s button (POST) does', async () => {
    const person = await unverifiedPerson('solo.pulsante');
    const link = new URL(await verificationLinkFor(outbox(), person.email));
    const token = link.searchParams.get('token')!;

    const head = await t.app.inject({ method: 'HEAD', url: link.pathname + link.search });
    expect(head.statusCode).toBe(200);
    const opened = await t.get(link.pathname + link.search);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.body).toContain(vm.confirmTitle);
    expect(opened.body).toContain(`<form method="post" action="/idp/verifica-email">`);
    expect(opened.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    // The page takes the token out of the address bar, through a script file (no inline script: CSP).
    expect(opened.body).toContain('<script src="/idp-assets/drop-token.js"></script>');
    expect((await t.get('/idp-assets/drop-token.js')).body).toContain('history.replaceState');
    expect((await accountOf(person.email)).emailVerifiedAt).toBeNull();
    expect(
      await t.db
        .select()
        .from(idpEmailVerifications)
        .where(eq(idpEmailVerifications.tokenHash, sha256(token))),
    ).toMatchObject([{ usedAt: null }]);

    const pressed = await pressVerify(token);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.headers['referrer-policy']).toBe('no-referrer');
    expect(pressed.body).toContain(vm.verifiedTitle);
    // The portal's other tabs hear of it (BroadcastChannel), so the banner goes by itself.
    expect(pressed.body).toContain('<script src="/idp-assets/email-verified.js"></script>');
    expect((await accountOf(person.email)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('before: ID token, access token and /api/User say email_verified false; after opening it once: true', async () => {
    const person = await unverifiedPerson('prima.dopo');
    expect(decodeJwt(person.id_token!).email_verified).toBe(false);
    expect(decodeJwt(person.token).email_verified).toBe(false);
    expect(person.emailVerified).toBe(false);

    const link = new URL(await verificationLinkFor(outbox(), person.email));
    const token = link.searchParams.get('token')!;
    const opened = await pressVerify(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(vm.verifiedTitle);
    expect((await accountOf(person.email)).emailVerifiedAt).toBeInstanceOf(Date);

    // Single use: the same link again changes nothing and says the address is already verified.
    const again = await pressVerify(token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(vm.alreadyVerifiedMessage);

    // The next tokens (a renewal, as the portal asks by itself) say so, and the portal's record follows.
    const renewed = await t.post('/api/Jwt/refresh', { refresh_token: person.refresh_token });
    expect(renewed.statusCode).toBe(200);
    const tokens = renewed.json() as { token: string; id_token: string | null };
    expect(decodeJwt(tokens.token).email_verified).toBe(true);
    const me = (await t.get('/api/User', tokens.token)).json() as { emailVerified: boolean };
    expect(me.emailVerified).toBe(true);
    const loggedIn = await t.login(person.email, 'password-sicura-1');
    expect(decodeJwt(loggedIn.id_token!).email_verified).toBe(true);
    expect(
      (await t.post('/api/Organization/CreateOrganization', organizationPayload({ name: 'Comune Verificato' }), tokens.token)).statusCode,
    ).toBe(201);
  });

  it('an expired link, an unknown one and a malformed one verify nothing', async () => {
    const person = await unverifiedPerson('scaduto');
    const account = await accountOf(person.email);
    const old = await t.accounts.createEmailVerification(account.id, new Date(Date.now() - 25 * 60 * 60 * 1000));
    for (const token of [old.token, 'A'.repeat(43), '../../etc', '']) {
      const pressed = await pressVerify(token);
      expect(pressed.statusCode).toBe(400);
      expect(pressed.body).toContain(vm.invalidTitle);
    }
    // A link without a token says at once that it cannot work.
    const empty = await t.get('/idp/verifica-email?token=');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(vm.invalidTitle);
    expect((await accountOf(person.email)).emailVerifiedAt).toBeNull();
  });

  it('the bootstrap administrator is verified without a link', async () => {
    const admin = await t.loginAsAdmin();
    expect(decodeJwt(admin.id_token!).email_verified).toBe(true);
    expect(decodeJwt(admin.token).email_verified).toBe(true);
  });
});

describe('until verified, the server refuses what needs a trusted address', () => {
  let person: Awaited<ReturnType<typeof unverifiedPerson>>;
  beforeAll(async () => {
    person = await unverifiedPerson('bloccata');
  });

  const refused = { error: 'email_not_verified', message: vm.refused };

  it('may look around', async () => {
    expect((await t.get('/api/User/GetUserStatus', person.token)).statusCode).toBe(200);
    expect((await t.get('/api/Call/GetCallList', person.token)).statusCode).toBe(200);
  });

  it('refuses registering an organisation', async () => {
    const response = await t.post(
      '/api/Organization/CreateOrganization',
      organizationPayload({ name: 'Comune Non Verificato' }),
      person.token,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused);
  });

  it('refuses accepting an invitation, which stays unused', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune che Invita' });
    // The invitation went out while the address was unknown to the portal; the person registered afterwards.
    const email = newEmail('invitata.dopo');
    const sent = await t.post(
      '/api/SendEmail/SendEmail',
      { emails: [email], userId: owner.userId, subject: 'Invito', message: '' },
      owner.token,
      selected(owner.orgId),
    );
    expect(sent.json().sent).toEqual([email]);
    const token = /accetta-invito\?token=([A-Za-z0-9_-]+)/.exec((await mailsTo(outbox(), email))[0]!.text)![1]!;
    const invited = await t.register({ email }, { verify: false });
    const accepted = await t.post('/api/Organization/AcceptInvitation', { token }, invited.token);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json()).toEqual(refused);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row!.acceptedAt).toBeNull();
  });

  it('refuses handing over an application and an applicant’s status change', async () => {
    // A member (a Referente, who hands over) from before verification existed (the database, as no screen can reach it now).
    const owner = await personWithOrganization(t, { name: 'Comune con Membro Non Verificato' });
    await t.db.insert(organizationMembers).values({ organizationId: owner.orgId, userId: person.userId, role: 'admin' });
    const submitted = await t.post('/api/Tur/CreateUpdateTur', { organizationId: owner.orgId }, person.token);
    expect(submitted.statusCode).toBe(403);
    expect(submitted.json()).toEqual(refused);
    const applicationId = await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_INTEGRAZIONE', { submittedAt: new Date() });
    const handedOver = await t.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?${new URLSearchParams({ puiId: applicationId, status: 'Integrazione Sottomessa' })}`,
      undefined,
      person.token,
    );
    expect(handedOver.statusCode).toBe(403);
    expect(handedOver.json()).toEqual(refused);
  });
});

describe('no mail but the link reaches an unverified address', () => {
  it('sends no invitation to a person who has not verified their address, and keeps no invitation for them', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune Prudente' });
    const person = await unverifiedPerson('non.invitabile');
    const verified = newEmail('invitabile');
    const response = await t.post(
      '/api/SendEmail/SendEmail',
      { emails: [person.email, verified], userId: owner.userId, subject: 'Invito', message: '' },
      owner.token,
      selected(owner.orgId),
    );
    expect(response.statusCode).toBe(200);
    // The inviter is not told that the address is registered but unverified (tests/api/mailsToStrangers.test.ts).
    expect(response.json()).toMatchObject({ sent: [person.email, verified], failed: [] });
    expect((await mailsTo(outbox(), person.email)).map((mail) => mail.text)).toEqual([expect.stringContaining('verifica-email?token=')]);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, person.email))).toEqual([]);
    expect(await mailsTo(outbox(), verified)).toHaveLength(1);
  });

  it('tells only the verified members of an integration request', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune in Integrazione' });
    const person = await unverifiedPerson('membro.silenzioso');
    await t.db.insert(organizationMembers).values({ organizationId: owner.orgId, userId: person.userId, role: 'editor' });
    const applicationId = await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const admin = await t.loginAsAdmin();
    const asked = await t.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?${new URLSearchParams({ puiId: applicationId, status: 'In integrazione', note: 'Manca la planimetria' })}`,
      undefined,
      admin.token,
    );
    expect(asked.statusCode).toBe(200);
    // The request's e-mail leaves once the change has committed.
    await t.notifications.runOnce();
    expect((await mailsTo(outbox(), owner.email)).some((mail) => mail.text.includes('planimetria'))).toBe(true);
    expect((await mailsTo(outbox(), person.email)).some((mail) => mail.text.includes('planimetria'))).toBe(false);
  });
});

describe('Invia di nuovo il link', () => {
  const resend = (token: string) => t.post('/api/User/ResendVerificationEmail', {}, token);

  it('answers the same every time; mails a new link until the limit, then nothing more', async () => {
    const person = await unverifiedPerson('di.nuovo');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await resend(person.token));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: vm.resent });
    }
    // The registration's mail and two more: the third request was over the limit.
    expect(await mailsTo(outbox(), person.email)).toHaveLength(3);
    // The newest link works.
    const link = new URL(await verificationLinkFor(outbox(), person.email));
    expect((await pressVerify(link.searchParams.get('token')!)).statusCode).toBe(200);
    expect((await accountOf(person.email)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('answers the same to a verified person, and mails nothing', async () => {
    const person = await t.register({ email: newEmail('gia.verificata') });
    const before = (await mailsTo(outbox(), person.email)).length;
    const answer = await resend(person.token);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: vm.resent });
    expect(await mailsTo(outbox(), person.email)).toHaveLength(before);
  });

  it('needs a session', async () => {
    expect((await t.post('/api/User/ResendVerificationEmail')).statusCode).toBe(401);
  });
});

describe('an external provider’s email_verified is the portal’s', () => {
  it('follows the claim either way on the user record, as each token states it', async () => {
    const repository = createUserRepository(t.db, { adminEmail: 'admin@portale.test' });
    const identity = { issuer: 'https://idp.esterno.test', subject: `esterno-${Date.now()}`, email: newEmail('esterna') };
    expect((await repository.ensure({ ...identity, emailVerified: false })).emailVerified).toBe(false);
    expect((await repository.ensure({ ...identity, emailVerified: true })).emailVerified).toBe(true);
    // The provider no longer vouches (the address changed there): neither does the portal.
    expect((await repository.ensure({ ...identity, emailVerified: false })).emailVerified).toBe(false);
  });

  it('a registered person who opened the link is verified on the portal’s record', async () => {
    const person = await t.register({ email: newEmail('ritorno') });
    // The portal knows the person from their first call.
    expect((await t.get('/api/User', person.token)).json()).toMatchObject({ email: person.email, emailVerified: true });
    const [row] = await t.db.select().from(users).where(eq(users.email, person.email));
    expect(row!.emailVerified).toBe(true);
  });
});

describe('the operator’s texts', () => {
  it('are public, as the files give them', async () => {
    const privacy = await t.get('/api/Legal/privacy');
    expect(privacy.statusCode).toBe(200);
    expect(legalTextSchema.parse(privacy.json())).toEqual(privacyNotice);
    const accessibility = await t.get('/api/Legal/accessibilita');
    expect(accessibility.statusCode).toBe(200);
    const statement = legalTextSchema.parse(accessibility.json());
    expect(statement.title).toBe('Dichiarazione di accessibilità');
    expect(JSON.stringify(statement)).toContain('mailto:');
    expect(JSON.stringify(statement)).toContain('Difensore civico per il digitale');
  });

  it('the provider’s pages link them', async () => {
    const page = await t.browse(new CookieJar(), { method: 'GET', url: '/api/Jwt/login' });
    expect(page.response.statusCode).toBe(200);
    expect(page.response.body).toContain('<a href="/privacy">Informativa sulla privacy</a>');
    expect(page.response.body).toContain('<a href="/accessibilita">Dichiarazione di accessibilità</a>');
  });
});
