import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { receipts } from '../../server/db/schema/receipts.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';

/**
 * The click day's queue (issue 45, HANDOVER_CONCURRENCY / HANDOVER_QUEUE_LENGTH / HANDOVER_QUEUE_MS): one hand-over
 * at a time, one waiting, for a second. A hand-over is held inside the queue by its attachments' check, which the
 * test releases, so what is running and what waits is known without timing.
 */
let t: TestApp;
/** Per organisation: the promise its hand-over's check waits for, and what the check calls when it starts waiting. */
const held = new Map<string, { until: Promise<void>; reached: () => void }>();

beforeAll(async () => {
  t = await createTestApp({
    env: { HANDOVER_CONCURRENCY: '1', HANDOVER_QUEUE_LENGTH: '1', HANDOVER_QUEUE_MS: '1000', METRICS_TOKEN },
    missingRequiredAttachments: async (organizationId) => {
      const hold = held.get(organizationId);
      if (hold) {
        hold.reached();
        await hold.until;
      }
      return [];
    },
  });
}, 120_000);
afterAll(() => t.close());

const METRICS_TOKEN = 'un-token-per-le-metriche-della-coda';
/** The queues' figures in /metrics: running and waiting jobs, and those refused, of the hand-overs and of the PDF thread. */
async function queueFigures(queue: 'handovers' | 'pdf') {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1]);
  return {
    running: value(`portale_queue_jobs{queue="${queue}",state="running"}`),
    waiting: value(`portale_queue_jobs{queue="${queue}",state="waiting"}`),
    refused: value(`portale_queue_refused_total{queue="${queue}"}`),
  };
}

/** Waits until the hand-overs' queue shows `expected` (a request takes a while to reach it on a busy machine). */
async function queueReaches(expected: { running: number; waiting: number }) {
  const until = Date.now() + 10_000;
  let figures = await queueFigures('handovers');
  while ((figures.running !== expected.running || figures.waiting !== expected.waiting) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    figures = await queueFigures('handovers');
  }
  return figures;
}

const submitPui = (person: { token: string; orgId: string }) =>
  t.post('/api/Pui/CreatePui', completePuiApplication(person.orgId), person.token);

function expectQueued(answer: Awaited<ReturnType<typeof submitPui>>) {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('1');
  expect(answer.json()).toEqual({ error: 'handover_queued', message: 'Sei in coda: la tua domanda verrà inviata appena possibile' });
  expect(answer.json().message).toBe(submissionMessages.queued);
}

/** Hands over `person`'s application and holds it inside the gate, in its only place, until `release` is called. */
async function holdTheOnlyPlace(person: Parameters<typeof submitPui>[0]) {
  let release!: () => void;
  let reached!: () => void;
  const inside = new Promise<void>((resolve) => (reached = resolve));
  held.set(person.orgId, { until: new Promise<void>((resolve) => (release = resolve)), reached });
  const running = submitPui(person);
  await inside;
  return { running, release };
}

describe('hand-overs beyond the queue', () => {
  it('answer 503 with Retry-After and «Sei in coda», write nothing, and go through when sent again', async () => {
    const [first, second, third] = await Promise.all(
      ['Comune Primo in Fila', 'Comune Secondo in Fila', 'Comune Terzo in Fila'].map((name) => personWithOrganization(t, { name })),
    );
    const { running, release } = await holdTheOnlyPlace(first!);
    // The first one holds the only place; the second waits in the queue (its one place) while the third arrives.
    const waiting = submitPui(second!);
    expect(await queueReaches({ running: 1, waiting: 1 })).toEqual({ running: 1, waiting: 1, refused: 0 });
    // The queue holds one: the third is told at once to come back.
    expectQueued(await submitPui(third!));
    // The second waited its second, then heard the same.
    expectQueued(await waiting);
    expect(await t.db.select().from(receipts)).toHaveLength(0);
    expect(await queueFigures('handovers')).toEqual({ running: 1, waiting: 0, refused: 2 });
    expect(await queueFigures('pdf')).toMatchObject({ refused: 0 });

    release();
    expect((await running).statusCode).toBe(200);
    // Sent again, as the browser does after Retry-After: each handed over once, numbered in order.
    expect((await submitPui(second!)).statusCode).toBe(200);
    expect((await submitPui(third!)).statusCode).toBe(200);
    expect((await submitPui(third!)).statusCode).toBe(200);
    const numbers = async (orgId: string) =>
      (await t.db.select({ number: receipts.number }).from(receipts).where(eq(receipts.organizationId, orgId))).map((r) => r.number);
    expect([await numbers(first!.orgId), await numbers(second!.orgId), await numbers(third!.orgId)]).toEqual([[1], [2], [3]]);
  }, 120_000);
});

/** The first-try ticket a queued answer set (the cookie's `name=value` as the browser sends it back), or undefined. */
function ticketOf(answer: Awaited<ReturnType<typeof submitPui>>): string | undefined {
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('pf_handover_pui='))?.split(';')[0];
}

const retryPui = (person: { token: string; orgId: string }, ticket: string | undefined) =>
  t.post('/api/Pui/CreatePui', completePuiApplication(person.orgId), person.token, ticket ? { cookie: ticket } : {});

describe('the order of first tries', () => {
  it('a retry with its ticket goes ahead of those who came after its first try; numbers follow the first tries', async () => {
    const [first, second, third] = await Promise.all(
      ['Comune Primo al Biglietto', 'Comune Secondo al Biglietto', 'Comune Terzo al Biglietto'].map((name) =>
        personWithOrganization(t, { name }),
      ),
    );
    const { running, release } = await holdTheOnlyPlace(first!);
    // The second waits its second and is told to come back, with a ticket of its first try.
    const refused = await submitPui(second!);
    expectQueued(refused);
    const ticket = ticketOf(refused);
    expect(ticket).toBeDefined();
    expect(([] as string[]).concat(refused.headers['set-cookie'] ?? []).join()).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/,
    );
    // The third, who first tried later, takes the queue's one place meanwhile.
    const thirdWaiting = submitPui(third!);
    expect(await queueReaches({ running: 1, waiting: 1 })).toMatchObject({ running: 1, waiting: 1 });
    // The second's retry with its ticket takes the place back: the third hears «Sei in coda», with a ticket of its own.
    const secondRetry = retryPui(second!, ticket);
    const displaced = await thirdWaiting;
    expectQueued(displaced);
    const thirdTicket = ticketOf(displaced);
    expect(thirdTicket).toBeDefined();
    release();
    expect((await running).statusCode).toBe(200);
    const handedOver = await secondRetry;
    expect(handedOver.statusCode).toBe(200);
    // A try that went through ends its ticket.
    expect(([] as string[]).concat(handedOver.headers['set-cookie'] ?? []).join()).toMatch(/pf_handover_pui=;/);
    expect((await retryPui(third!, thirdTicket)).statusCode).toBe(200);
    const numbers = async (orgId: string) =>
      (await t.db.select({ number: receipts.number }).from(receipts).where(eq(receipts.organizationId, orgId))).map((r) => r.number);
    const [firstNumber] = await numbers(first!.orgId);
    expect([await numbers(second!.orgId), await numbers(third!.orgId)]).toEqual([[firstNumber! + 1], [firstNumber! + 2]]);
  }, 120_000);

  it('a forged, altered, expired or another application’s ticket is ignored: the try counts from now', async () => {
    const [first, early, late] = await Promise.all(
      ['Comune Primo dei Falsari', 'Comune Onesto', 'Comune Falsario'].map((name) => personWithOrganization(t, { name })),
    );
    const { running, release } = await holdTheOnlyPlace(first!);
    const earlyTicket = ticketOf(await submitPui(early!));
    expect(earlyTicket).toBeDefined();
    const long = Date.now() - 11 * 60 * 1000;
    const tickets = {
      unsigned: `pf_handover_pui=${encodeURIComponent(`${late!.orgId}|PUI|${long}`)}`,
      forged: `pf_handover_pui=${encodeURIComponent(`${late!.orgId}|PUI|${long}.bm9uLXVuYS1maXJtYQ`)}`,
      altered: earlyTicket!.replace(early!.orgId, late!.orgId),
      anotherApplications: earlyTicket!,
      expired: `pf_handover_pui=${encodeURIComponent(t.app.signCookie(`${late!.orgId}|PUI|${long}`))}`,
    };
    for (const [kind, ticket] of Object.entries(tickets)) {
      const sentAt = Date.now();
      const answer = await retryPui(late!, ticket);
      expect(answer.statusCode, kind).toBe(503);
      // Trusted, the ticket's earlier time would have been kept; ignored, the new ticket dates the try from now.
      const unsigned = t.app.unsignCookie(decodeURIComponent(ticketOf(answer)!.slice('pf_handover_pui='.length)));
      expect(unsigned.valid, kind).toBe(true);
      const [organizationId, fund, firstTry] = unsigned.value!.split('|');
      expect([organizationId, fund], kind).toEqual([late!.orgId, 'PUI']);
      expect(Number(firstTry), kind).toBeGreaterThanOrEqual(sentAt);
    }
    release();
    expect((await running).statusCode).toBe(200);
  }, 120_000);
});
