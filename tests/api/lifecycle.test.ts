import { monitoringPeriodsEnv } from '../support/monitoringPeriods.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS_CODES,
  applicationStatusLabels,
  type ApplicationStatusCode,
  type Fund,
} from '../../domain/applicationStatus.ts';
import { createStatusChanges } from '../../server/applications/statusChanges.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { applicationRow, forceApplicationStatus, historyRows, updateStatus } from '../support/applicationFixtures.ts';

/**
 * The spec's rules, written out independently of the machine (spec §4 "Who sets what" and the admin table,
 * plus the Monitoraggio changes the issue assigns to admins): the server must agree with this oracle on
 * every one of the 13 × 13 (from, to) pairs, for every kind of caller.
 */
function adminMay(from: ApplicationStatusCode, to: ApplicationStatusCode): boolean {
  switch (to) {
    case 'APERTA':
      return !['ISTRUTTORIA_SOTTOMESSA', 'NON_AVVIATA', 'APERTA'].includes(from);
    case 'RIFIUTATA':
    case 'IN_INTEGRAZIONE':
    case 'AMMISSIBILE':
      return from === 'IN_VALUTAZIONE';
    case 'IN_VALUTAZIONE':
      return from === 'CANDIDATURA_SOTTOMESSA' || from === 'INTEGRAZIONE_SOTTOMESSA';
    case 'DELIBERATA':
      return from === 'ISTRUTTORIA_SOTTOMESSA';
    case 'MONITORAGGIO_APERTO':
      return from === 'DELIBERATA' || from === 'MONITORAGGIO_SOTTOMESSO';
    case 'MONITORAGGIO_CHIUSO':
      return from === 'MONITORAGGIO_SOTTOMESSO';
    default:
      return false;
  }
}

/**
 * The applicant's own changes through this endpoint (autosave and submit have their own): integration,
 * review survey, monitoring survey. The machine allows them; each also needs what it hands over (documents,
 * answers), which this matrix never provides — so each is refused with its precondition's reason.
 */
function applicantHandsOver(from: ApplicationStatusCode, to: ApplicationStatusCode): boolean {
  return (
    (from === 'IN_INTEGRAZIONE' && to === 'INTEGRAZIONE_SOTTOMESSA') ||
    (from === 'AMMISSIBILE' && to === 'ISTRUTTORIA_SOTTOMESSA') ||
    (from === 'MONITORAGGIO_APERTO' && to === 'MONITORAGGIO_SOTTOMESSO')
  );
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string; userId: string };
const ids: Record<Fund, string> = { TUR: '', PUI: '' };

beforeAll(async () => {
  // Two monitoring periods already started: the matrix opens monitoring twice per application.
  t = await createTestApp({ env: monitoringPeriodsEnv().env });
  owner = await personWithOrganization(t, { name: 'Comune di Matrice' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  const login = await t.loginAsAdmin();
  admin = { token: login.token, userId: (await t.get('/api/User', login.token)).json().id };
  ids.TUR = await forceApplicationStatus(t, owner.orgId, 'TUR', 'NON_AVVIATA');
  ids.PUI = await forceApplicationStatus(t, owner.orgId, 'PUI', 'NON_AVVIATA');
});
afterAll(() => t.close());

const pairs = APPLICATION_STATUS_CODES.flatMap((from) => APPLICATION_STATUS_CODES.map((to) => [from, to] as const));

describe.each(['TUR', 'PUI'] as const)('%s: the 13 × 13 status matrix', (fund) => {
  const callers = () => [
    { who: 'admin', token: admin.token, userId: admin.userId, may: adminMay, refusedWith: 409 },
    { who: 'applicant (member)', token: owner.token, userId: owner.userId, may: () => false, refusedWith: 409 },
    { who: 'applicant of another organisation', token: stranger.token, userId: stranger.userId, may: () => false, refusedWith: 404 },
  ];

  it('allows exactly the spec’s changes, records each one, and leaves the row untouched after every refusal', async () => {
    const id = ids[fund];
    let allowed = 0;
    let refused = 0;
    for (const caller of callers()) {
      for (const [index, [from, to]] of pairs.entries()) {
        await forceApplicationStatus(t, owner.orgId, fund, from);
        const before = await applicationRow(t, id);
        const historyBefore = (await historyRows(t, id)).length;
        // Alternate the label (as the spec's clients send it) and the stable code.
        const requested = index % 2 === 0 ? applicationStatusLabels[to] : to;
        const note = `nota ${from}→${to}`;
        const response = await updateStatus(t, caller.token, fund, id, requested, note);
        const label = `${caller.who}: ${from} → ${to}`;

        if (caller.may(from, to)) {
          allowed += 1;
          expect(response.statusCode, label).toBe(200);
          expect(response.json(), label).toMatchObject({ id, statusCode: to, status: applicationStatusLabels[to] });
          const after = await applicationRow(t, id);
          expect(after?.status, label).toBe(to);
          expect(after!.statusChangedAt.getTime(), label).toBeGreaterThanOrEqual(before!.statusChangedAt.getTime());
          const history = await historyRows(t, id);
          expect(history, label).toHaveLength(historyBefore + 1);
          const last = history.find((h) => h.note === note && h.fromStatus === from);
          expect(last, label).toMatchObject({
            fromStatus: from,
            toStatus: to,
            actorUserId: caller.userId,
            actorRole: caller.who === 'admin' ? 'admin' : 'applicant',
          });
        } else {
          refused += 1;
          // The review's answers are checked first: none given yet is 422, naming what is missing (tests/api/surveys.test.ts).
          // So are a monitoring period's (the matrix's admin opened one earlier, with no review answers to start from).
          const reviewIncomplete =
            caller.who === 'applicant (member)' &&
            ((from === 'AMMISSIBILE' && to === 'ISTRUTTORIA_SOTTOMESSA') ||
              (from === 'MONITORAGGIO_APERTO' && to === 'MONITORAGGIO_SOTTOMESSO'));
          // A change that only the admins may make is refused to the applicant as a matter of who (403).
          const adminsOnly = caller.who === 'applicant (member)' && adminMay(from, to);
          expect(response.statusCode, label).toBe(reviewIncomplete ? 422 : adminsOnly ? 403 : caller.refusedWith);
          const body = response.json();
          expect(body, label).toEqual({ error: expect.any(String), message: expect.any(String) });
          if (reviewIncomplete) {
            expect(body.error, label).toBe('survey_incomplete');
          } else if (adminsOnly) {
            expect(body.message, label).toMatch(/^Solo gli amministratori della piattaforma/);
          } else if (caller.who === 'applicant (member)' && applicantHandsOver(from, to)) {
            expect(body.error, label).toBe('precondition_failed');
            expect(body.message, label).toMatch(
              /^(Non c’è una richiesta di integrazione aperta|Carica almeno un documento di integrazione|Questo passaggio di stato non è ancora disponibile|Non c’è un periodo di monitoraggio)/,
            );
          } else if (caller.refusedWith === 409) {
            expect(body.message, label).toMatch(/^(Non è possibile portare|Solo gli amministratori|Questo stato si imposta)/);
          }
          expect(await applicationRow(t, id), label).toEqual(before);
          expect(await historyRows(t, id), label).toHaveLength(historyBefore);
        }
      }
    }
    // 19 admin changes of the 169 pairs; everything else refused (the applicant's 3 for want of what they hand over).
    expect(allowed).toBe(19);
    expect(refused).toBe(3 * 169 - 19);
  }, 120_000);
});

describe('status endpoint input', () => {
  it('refuses anonymous callers (401) without touching the row', async () => {
    await forceApplicationStatus(t, owner.orgId, 'TUR', 'IN_VALUTAZIONE');
    const before = await applicationRow(t, ids.TUR);
    const response = await updateStatus(t, undefined, 'TUR', ids.TUR, 'Ammissibile');
    expect(response.statusCode).toBe(401);
    expect(await applicationRow(t, ids.TUR)).toEqual(before);
  });

  it('400 for an unknown status, a note too long or with control characters; 404 for a malformed id, an unknown one or the other fund', async () => {
    await forceApplicationStatus(t, owner.orgId, 'TUR', 'IN_VALUTAZIONE');
    const before = await applicationRow(t, ids.TUR);
    const unknown = await updateStatus(t, admin.token, 'TUR', ids.TUR, 'Approvata');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Stato della candidatura non riconosciuto.');
    expect((await updateStatus(t, admin.token, 'TUR', 'abc', 'Ammissibile')).statusCode).toBe(404);
    const long = await updateStatus(t, admin.token, 'TUR', ids.TUR, 'Ammissibile', 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('La nota può contenere al massimo 1000 caratteri.');
    expect((await updateStatus(t, admin.token, 'TUR', ids.TUR, 'Ammissibile', 'riga\u0000nulla')).statusCode).toBe(400);
    expect((await updateStatus(t, admin.token, 'TUR', ids.TUR, 'Ammissibile', 'campanello\u0007')).statusCode).toBe(400);
    expect((await updateStatus(t, admin.token, 'TUR', '6f1c2a4e-0000-4000-8000-000000000000', 'Ammissibile')).statusCode).toBe(404);
    expect((await updateStatus(t, admin.token, 'PUI', ids.TUR, 'Ammissibile')).statusCode).toBe(404);
    expect(await applicationRow(t, ids.TUR)).toEqual(before);
  });

  it('accepts the label in any case and spacing, keeps a multi-line note, and answers the updated compilation', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE');
    const response = await updateStatus(
      t,
      admin.token,
      'PUI',
      ids.PUI,
      '  in   INTEGRAZIONE ',
      'Allegare:\n- planimetria\n- computo metrico',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.PUI, status: 'In integrazione', statusCode: 'IN_INTEGRAZIONE', warningsPui: [] });
    const history = await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${ids.PUI}`, admin.token);
    expect(history.json().at(-1)).toMatchObject({ note: 'Allegare:\n- planimetria\n- computo metrico', status: 'In integrazione' });
  });

  it('tells applicants when a change is the admins’ and when it belongs to the wizard', async () => {
    await forceApplicationStatus(t, owner.orgId, 'TUR', 'IN_VALUTAZIONE');
    const adminOnly = await updateStatus(t, owner.token, 'TUR', ids.TUR, 'Ammissibile');
    expect(adminOnly.statusCode).toBe(403);
    expect(adminOnly.json().message).toBe('Solo gli amministratori della piattaforma possono portare la candidatura in «Ammissibile».');
    await forceApplicationStatus(t, owner.orgId, 'TUR', 'APERTA');
    const submit = await updateStatus(t, owner.token, 'TUR', ids.TUR, 'Candidatura Sottomessa');
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toBe('Questo stato si imposta inviando la candidatura dalla procedura guidata, non da qui.');
  });
});

describe('two admins at once', () => {
  it('exactly one of two simultaneous changes wins; the other gets 409 and nothing of it is written', async () => {
    for (let round = 0; round < 8; round++) {
      await forceApplicationStatus(t, owner.orgId, 'TUR', 'IN_VALUTAZIONE');
      const historyBefore = (await historyRows(t, ids.TUR)).length;
      const [first, second] = await Promise.all([
        updateStatus(t, admin.token, 'TUR', ids.TUR, 'Ammissibile', 'prima'),
        updateStatus(t, admin.token, 'TUR', ids.TUR, 'Rifiutata', 'seconda'),
      ]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? 'AMMISSIBILE' : 'RIFIUTATA';
      expect((await applicationRow(t, ids.TUR))?.status).toBe(winner);
      const history = await historyRows(t, ids.TUR);
      expect(history).toHaveLength(historyBefore + 1);
    }
  });

  it('the write itself is conditional: a change computed from a stale status writes nothing', async () => {
    const statusChanges = createStatusChanges(t.db);
    await forceApplicationStatus(t, owner.orgId, 'TUR', 'AMMISSIBILE');
    const before = await applicationRow(t, ids.TUR);
    const historyBefore = (await historyRows(t, ids.TUR)).length;
    const stale = await statusChanges.apply(
      t.db,
      ids.TUR,
      { from: 'IN_VALUTAZIONE', event: 'admin.reject', role: 'admin', to: 'RIFIUTATA' },
      { role: 'admin', userId: admin.userId },
    );
    expect(stale).toBeUndefined();
    expect(await applicationRow(t, ids.TUR)).toEqual(before);
    expect(await historyRows(t, ids.TUR)).toHaveLength(historyBefore);
  });
});
