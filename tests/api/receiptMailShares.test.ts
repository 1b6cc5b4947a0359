import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatusChanges } from '../../server/applications/statusChanges.ts';
import { createMembership } from '../../server/auth/membership.ts';
import { statusNotifications } from '../../server/db/schema/notifications.ts';
import type { OutgoingMail } from '../../server/mail/mailer.ts';
import { createStatusNotifications } from '../../server/notifications/statusNotifications.ts';
import { transitionOn } from '../../machines/application-lifecycle/transitions.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * A click day's receipt e-mails are shared work (issue 45): every process's sender claims a few due e-mails at a
 * time from the outbox (status_notifications), so two processes sending at once both take a share, and none is
 * sent twice. With the claim of 20 at a time, the first sender took all twelve and the other none.
 */
let t: TestApp;
const HAND_OVERS = 12;

beforeAll(async () => {
  t = await createTestApp({ missingRequiredAttachments: async () => [] });
  const people = await Promise.all(
    Array.from({ length: HAND_OVERS }, (_, index) => personWithOrganization(t, { name: `Comune della Coda ${index + 1}` })),
  );
  // Handed over, committed, not yet e-mailed: the status writer records each e-mail in the outbox.
  const quiet = createStatusChanges(t.db);
  for (const person of people) {
    const id = await forceApplicationStatus(t, person.orgId, 'PUI', 'APERTA');
    await t.db.transaction(async (tx) => {
      await quiet.apply(tx, id, transitionOn('APERTA', 'applicant.application.submit')!, { role: 'applicant', userId: person.userId });
    });
  }
}, 300_000);
afterAll(() => t?.close());

describe('receipt e-mails across processes', () => {
  it('two senders running at once each send a share, every e-mail once', async () => {
    const sentBy = new Map<string, string[]>([
      ['process 1', []],
      ['process 2', []],
    ]);
    const sender = (name: string) =>
      createStatusNotifications({
        db: t.db,
        membership: createMembership(t.db),
        // A mail server that takes a moment, as rendering and sending a receipt does.
        mailer: {
          async send(mail: OutgoingMail) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            sentBy.get(name)!.push(mail.to);
            return { messageId: `${name}-${sentBy.get(name)!.length}` };
          },
        },
        publicUrl: 'http://portale.test',
        log: t.app.log,
      });
    const [first, second] = await Promise.all([sender('process 1').runOnce(), sender('process 2').runOnce()]);
    expect(first + second).toBe(HAND_OVERS);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    const recipients = [...sentBy.values()].flat();
    expect(recipients).toHaveLength(HAND_OVERS);
    expect(new Set(recipients).size).toBe(HAND_OVERS);
    expect(await t.db.select().from(statusNotifications).where(isNotNull(statusNotifications.sentAt))).toHaveLength(HAND_OVERS);
  }, 120_000);
});
