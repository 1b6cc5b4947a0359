import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_REQUEST_EXPIRY_DAYS, type MyJoinRequest, type OpenJoinRequest } from '../../domain/joinRequest.ts';
import { joinRequestMessages as jm } from '../../domain/messages/joinRequest.ts';
import { organizationMessages as om } from '../../domain/messages/organization.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import { organizationJoinRequests } from '../../server/db/schema/organizations.ts';
import { organizationHistory } from '../../server/organizations/history.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { readOutbox } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const REASON = 'Sono la responsabile amministrativa del comune e devo presentare la candidatura.';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.loginAsAdmin()).token;
}, 60_000);
afterAll(() => t?.close());

type Person = Awaited<ReturnType<TestApp['register']>>;

/** Someone who types A's P.IVA and asks to join. */
async function ask(person: Person, pIva: string, reason = REASON) {
  return t.post('/api/JoinRequest/CreateJoinRequest', { pIva, reason }, person.token);
}

/** The join request e-mails to `address` (not the verification of their address). */
const mailsTo = async (address: string) =>
  (await readOutbox(t.config.mail.outboxDir)).filter((mail) => mail.to === address && mail.subject.includes('«'));

async function scenario(name = 'Comune di Pietrabianca') {
  const owner = await personWithOrganization(t, { name });
  const claimant = await t.register({ firstName: 'Bianca', lastName: 'Neri' });
  const created = await ask(claimant, owner.payload.pIva);
  expect(created.statusCode, created.body).toBe(201);
  return { owner, claimant, request: created.json<MyJoinRequest>() };
}

const decide = (token: string, id: string, decision: 'accept' | 'refuse', note?: string) =>
  t.post('/api/JoinRequest/DecideJoinRequest', { id, decision, ...(note === undefined ? {} : { note }) }, token);

const openOf = async (token: string, organizationId: string) =>
  (await t.get(`/api/JoinRequest/GetJoinRequests?organizationId=${organizationId}`, token)).json<OpenJoinRequest[]>();

describe('asking to join an organisation whose P.IVA is registered', () => {
  it('creates one pending request, records it, and e-mails the referents with who asks, why and where to decide', async () => {
    const { owner, claimant, request } = await scenario('Comune di Roccalta');
    expect(request).toEqual({
      id: expect.any(String),
      organizationName: 'Comune di Roccalta',
      status: 'pending',
      createdAt: expect.any(String),
      decidedAt: null,
      expiresAt: expect.any(String),
      decisionNote: null,
    });
    expect(Date.parse(request.expiresAt) - Date.parse(request.createdAt)).toBe(JOIN_REQUEST_EXPIRY_DAYS * DAY_MS);

    const history = await organizationHistory(t.db, owner.orgId);
    expect(history.filter((e) => e.kind === 'join_request.created')).toEqual([
      expect.objectContaining({ reason: REASON, subjectName: `Bianca Neri (${claimant.email})`, actorIsPlatformAdmin: false }),
    ]);

    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Richiesta di entrare in «Comune di Roccalta»');
    expect(mail!.text).toContain(`Bianca Neri (${claimant.email}) chiede di entrare`);
    expect(mail!.text).toContain(`> ${REASON}`);
    expect(mail!.text).toContain(`http://portale.test/your-organization/${owner.orgId}`);
    // Nobody but the referents hears of it.
    expect(await mailsTo(claimant.email)).toEqual([]);
  });

  it('a second request while one is pending answers the pending one', async () => {
    const { owner, claimant, request } = await scenario();
    const again = await ask(claimant, owner.payload.pIva, 'Un altro motivo, scritto di nuovo.');
    expect(again.statusCode).toBe(200);
    expect(again.json<MyJoinRequest>().id).toBe(request.id);
    expect((await mailsTo(owner.email)).filter((mail) => mail.subject.startsWith('Richiesta'))).toHaveLength(1);
  });

  it('refuses members, platform administrators, unverified addresses and bad input, in Italian', async () => {
    const owner = await personWithOrganization(t);
    const member = await ask(owner, owner.payload.pIva);
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({ error: 'already_member', message: jm.alreadyMember });

    const byAdmin = await t.post('/api/JoinRequest/CreateJoinRequest', { pIva: owner.payload.pIva, reason: REASON }, admin);
    expect(byAdmin.json()).toEqual({ error: 'forbidden', message: jm.adminCannotRequest });

    const unverified = await t.register({}, { verify: false });
    const notVerified = await ask(unverified, owner.payload.pIva);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json()).toEqual({ error: 'email_not_verified', message: verificationMessages.refused });

    const someone = await t.register();
    const tooShort = await ask(someone, owner.payload.pIva, '  corto   ');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe(`${jm.reasonLabel}: ${jm.reasonTooShort(10)}`);
    const tooLong = await ask(someone, owner.payload.pIva, 'x'.repeat(501));
    expect(tooLong.json().message).toBe(`${jm.reasonLabel}: ${jm.reasonTooLong(500)}`);
    const disguised = await ask(someone, owner.payload.pIva, 'Motivo \u202egpj.exe nascosto');
    expect(disguised.statusCode).toBe(400);
    const badVat = await ask(someone, '12345678901');
    expect(badVat.json().message).toBe(om.pIvaInvalid);
    expect((await t.get('/api/JoinRequest/GetMyJoinRequests', someone.token)).json()).toEqual([]);
  });

  it('a P.IVA nobody registered is 404', async () => {
    const someone = await t.register();
    // 01234567897 has a valid check digit; nobody registered it here.
    const response = await ask(someone, '01234567897');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(om.pIvaNotRegistered);
  });
});

describe('what the requester sees', () => {
  it('their own requests with status and dates, and of the organisation its name only: every organisation route is 404', async () => {
    const { owner, claimant, request } = await scenario('Comune di Vallescura');
    const mine = (await t.get('/api/JoinRequest/GetMyJoinRequests', claimant.token)).json<MyJoinRequest[]>();
    expect(mine).toEqual([request]);
    expect(Object.keys(mine[0]!).sort()).toEqual([
      'createdAt',
      'decidedAt',
      'decisionNote',
      'expiresAt',
      'id',
      'organizationName',
      'status',
    ]);

    expect((await t.get(`/api/Organization/GetOrganizationById?id=${owner.orgId}`, claimant.token)).statusCode).toBe(404);
    expect((await t.get('/api/Organization/GetOrganizations', claimant.token)).json()).toEqual([]);
    expect((await t.get(`/api/JoinRequest/GetJoinRequests?organizationId=${owner.orgId}`, claimant.token)).statusCode).toBe(404);
    // Nor may they decide their own request.
    const own = await decide(claimant.token, request.id, 'accept');
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual({ error: 'not_found', message: jm.notFound });
  });
});

describe('deciding', () => {
  it('a referent accepts: the person is a Compilatore at once, the history says so and the requester is e-mailed', async () => {
    const { owner, claimant, request } = await scenario('Comune di Montefiore');
    expect((await openOf(owner.token, owner.orgId)).map((r) => [r.id, r.requesterName, r.requesterEmail, r.reason])).toEqual([
      [request.id, 'Bianca Neri', claimant.email, REASON],
    ]);

    const accepted = await decide(owner.token, request.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ id: request.id, status: 'accepted' });

    const organization = await t.get(`/api/Organization/GetOrganizationById?id=${owner.orgId}`, claimant.token);
    expect(organization.statusCode).toBe(200);
    expect(organization.json().myRole).toBe('editor');
    expect(await openOf(owner.token, owner.orgId)).toEqual([]);

    const history = await organizationHistory(t.db, owner.orgId);
    expect(history.find((e) => e.kind === 'join_request.accepted')).toMatchObject({
      actorName: `Giulia Rossi (${owner.email})`,
      subjectName: `Bianca Neri (${claimant.email})`,
      details: { requestId: request.id, role: 'editor' },
    });
    const [mail] = await mailsTo(claimant.email);
    expect(mail!.subject).toBe('Sei entrato in «Comune di Montefiore»');
    expect(mail!.text).toContain('http://portale.test/calls');

    // Decided once: a second decision is refused, and the new member cannot decide other requests as a Compilatore.
    const twice = await decide(owner.token, request.id, 'refuse');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'join_request_decided', message: jm.alreadyDecided });
    const third = await t.register();
    const next = (await ask(third, owner.payload.pIva)).json<MyJoinRequest>();
    // The arrival is e-mailed to the referents only, not to a Compilatore.
    expect((await mailsTo(claimant.email)).map((m) => m.subject)).toEqual(['Sei entrato in «Comune di Montefiore»']);
    const byCompilatore = await decide(claimant.token, next.id, 'accept');
    expect(byCompilatore.statusCode).toBe(403);
    expect(byCompilatore.json().message).toBe(memberRoleMessages.refusedManage('editor'));
    const list = await t.get(`/api/JoinRequest/GetJoinRequests?organizationId=${owner.orgId}`, claimant.token);
    expect(list.statusCode).toBe(403);
  });

  it('a referent refuses with a note: the requester reads it and still sees nothing of the organisation', async () => {
    const { owner, claimant, request } = await scenario('Comune di Serralunga');
    const refused = await decide(owner.token, request.id, 'refuse', '  Non risulti tra i dipendenti del comune.  ');
    expect(refused.json()).toEqual({ id: request.id, status: 'refused' });

    const [mine] = (await t.get('/api/JoinRequest/GetMyJoinRequests', claimant.token)).json<MyJoinRequest[]>();
    expect(mine).toMatchObject({
      status: 'refused',
      decisionNote: 'Non risulti tra i dipendenti del comune.',
      decidedAt: expect.any(String),
    });
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${owner.orgId}`, claimant.token)).statusCode).toBe(404);
    const [mail] = await mailsTo(claimant.email);
    expect(mail!.subject).toBe('Richiesta di entrare in «Comune di Serralunga» rifiutata');
    expect(mail!.text).toContain('> Non risulti tra i dipendenti del comune.');
    const history = await organizationHistory(t.db, owner.orgId);
    expect(history.find((e) => e.kind === 'join_request.refused')?.reason).toBe('Non risulti tra i dipendenti del comune.');
  });

  it('a platform administrator sees every open request and decides it', async () => {
    const { owner, claimant, request } = await scenario('Comune di Acquaviva');
    const every = (await t.get('/api/JoinRequest/GetOpenJoinRequests', admin)).json<OpenJoinRequest[]>();
    expect(every.find((r) => r.id === request.id)).toMatchObject({ organizationId: owner.orgId, organizationName: 'Comune di Acquaviva' });
    expect((await t.get('/api/JoinRequest/GetOpenJoinRequests', owner.token)).statusCode).toBe(403);
    expect((await openOf(admin, owner.orgId)).map((r) => r.id)).toEqual([request.id]);

    expect((await decide(admin, request.id, 'accept')).json()).toEqual({ id: request.id, status: 'accepted' });
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${owner.orgId}`, claimant.token)).json().myRole).toBe('editor');
    const line = (await organizationHistory(t.db, owner.orgId)).find((e) => e.kind === 'join_request.accepted');
    expect(line).toMatchObject({ actorIsPlatformAdmin: true });
  });

  it('another organisation’s referent hears 404, as for a request that does not exist', async () => {
    const { request } = await scenario();
    const other = await personWithOrganization(t);
    const answer = await decide(other.token, request.id, 'accept');
    const missing = await decide(other.token, '00000000-0000-4000-8000-000000000000', 'accept');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe(missing.body);
  });
});

describe(`after ${JOIN_REQUEST_EXPIRY_DAYS} days`, () => {
  it('a request is never decidable, leaves the lists, and the job marks it expired once with its history line', async () => {
    const { owner, claimant, request } = await scenario('Comune di Pratovecchio');
    const past = new Date(Date.now() - (JOIN_REQUEST_EXPIRY_DAYS + 1) * DAY_MS);
    await t.db.update(organizationJoinRequests).set({ createdAt: past }).where(eq(organizationJoinRequests.id, request.id));

    const late = await decide(owner.token, request.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'join_request_expired', message: jm.expired(JOIN_REQUEST_EXPIRY_DAYS) });
    expect((await decide(admin, request.id, 'refuse')).statusCode).toBe(409);
    expect(await openOf(owner.token, owner.orgId)).toEqual([]);
    expect((await t.get('/api/JoinRequest/GetOpenJoinRequests', admin)).json<OpenJoinRequest[]>().map((r) => r.id)).not.toContain(
      request.id,
    );
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${owner.orgId}`, claimant.token)).statusCode).toBe(404);

    expect(await t.joinRequests.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.joinRequests.expireDue()).toBe(0);
    const [mine] = (await t.get('/api/JoinRequest/GetMyJoinRequests', claimant.token)).json<MyJoinRequest[]>();
    expect(mine).toMatchObject({ status: 'expired', decidedAt: expect.any(String) });
    const lines = (await organizationHistory(t.db, owner.orgId)).filter((e) => e.kind === 'join_request.expired');
    expect(lines).toEqual([expect.objectContaining({ actorName: '', subjectName: `Bianca Neri (${claimant.email})` })]);
    expect((await decide(owner.token, request.id, 'accept')).json().error).toBe('join_request_expired');

    // A new request may be made.
    expect((await ask(claimant, owner.payload.pIva)).statusCode).toBe(201);
  });

  it('the job run with the clock moved 30 days on expires what is pending, and nothing younger', async () => {
    const { owner, request } = await scenario();
    const young = await scenario();
    await t.db
      .update(organizationJoinRequests)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(organizationJoinRequests.id, request.id));
    await t.joinRequests.expireDue(new Date(Date.now() + (JOIN_REQUEST_EXPIRY_DAYS - 1) * DAY_MS));
    const statusOf = async (id: string) =>
      (await t.db.select().from(organizationJoinRequests).where(eq(organizationJoinRequests.id, id)))[0]!.status;
    expect(await statusOf(request.id)).toBe('expired');
    expect(await statusOf(young.request.id)).toBe('pending');
    expect((await organizationHistory(t.db, owner.orgId)).filter((e) => e.kind === 'join_request.expired')).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('asking is limited like the P.IVA look-up, with its Italian message', async () => {
    const limited = await createTestApp({ rateLimits: { pIvaLookupsPerAccount: { limit: 2, windowSeconds: 600 } } });
    try {
      const owner = await personWithOrganization(limited);
      const someone = await limited.register();
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(await limited.post('/api/JoinRequest/CreateJoinRequest', { pIva: owner.payload.pIva, reason: REASON }, someone.token));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 429]);
      expect(answers[2]!.json().message).toMatch(/^Troppe verifiche di P\.IVA/);
    } finally {
      await limited.close();
    }
  });
});
