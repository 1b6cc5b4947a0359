import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatusCode, Fund } from '../../domain/applicationStatus.ts';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import { createStatusChanges } from '../../server/applications/statusChanges.ts';
import type { Database } from '../../server/db/client.ts';
import { statusNotifications } from '../../server/db/schema/notifications.ts';
import { organizationMembers } from '../../server/db/schema/organizations.ts';
import { receipts } from '../../server/db/schema/receipts.ts';
import { transitionOn } from '../../machines/application-lifecycle/transitions.ts';
import type { ApplicationLifecycleEventType } from '../../machines/application-lifecycle/types.ts';
import { applicationOf, applicationRow, forceApplicationStatus } from '../support/applicationFixtures.ts';
import { monitoringPeriodsEnv } from '../support/monitoringPeriods.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { readOutbox, type OutboxMail } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';
import { completeTurApplication } from '../support/turFixtures.ts';

const { env } = monitoringPeriodsEnv();
const texts = statusMailMessages.statuses;

let database: Database;
let t: TestApp;
let admin: { token: string };
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let colleague: { token: string; email: string };

/** The same database under another server process (closing it leaves the database open). */
const shared = () => ({ ...database, close: async () => {} });

const seen = new Set<string>();
/** The e-mails written to `app`'s outbox since the last call. */
async function newMails(app: TestApp = t): Promise<OutboxMail[]> {
  const mails = (await readOutbox(app.config.mail.outboxDir)).filter((mail) => !seen.has(mail.file));
  for (const mail of mails) seen.add(mail.file);
  return mails;
}

/** What the applicant's change hands over, applied by the one status writer as its endpoint would, committed. */
async function applicantChange(applicationId: string, event: ApplicationLifecycleEventType) {
  const application = (await applicationRow(t, applicationId))!;
  const transition = transitionOn(application.status, event)!;
  const statusChanges = createStatusChanges(t.db);
  await t.db.transaction(async (tx) => {
    expect(await statusChanges.apply(tx, applicationId, transition, { role: 'applicant', userId: owner.userId })).toBeDefined();
  });
}

function adminChange(fund: Fund, id: string, status: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ [fund === 'TUR' ? 'turId' : 'puiId']: id, status, ...query });
  const controller = fund === 'TUR' ? 'Tur' : 'Pui';
  return t.post(`/api/${controller}/Update${controller}CompilazioneStatus?${params}`, undefined, admin.token);
}

/** Sends what is due (and waits for a sending the change started): the e-mails it wrote. */
async function delivered(app: TestApp = t): Promise<OutboxMail[]> {
  await app.notifications.runOnce();
  return newMails(app);
}

function expectToldOnce(mails: OutboxMail[], status: keyof typeof texts, fund: Fund) {
  expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, colleague.email].sort());
  for (const mail of mails) {
    expect(mail.subject).toBe(texts[status].subject(fund));
    expect(mail.text).toContain('Comune di Posta Certa');
    expect(mail.text).toContain(statusMailMessages.portalName);
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({ database: shared(), env, missingRequiredAttachments: async () => [] });
  admin = await t.loginAsAdmin();
  owner = await personWithOrganization(t, { name: 'Comune di Posta Certa' });
  colleague = await t.register({ firstName: 'Paolo', lastName: 'Verdi' });
  const { id } = (await t.get('/api/User', colleague.token)).json() as { id: string };
  await t.db.insert(organizationMembers).values({ organizationId: owner.orgId, userId: id, role: 'editor' });
  await newMails();
}, 300_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('the members are told of each status by e-mail, once per change', () => {
  let tur: string;

  it('Candidatura Sottomessa: every member gets the hand-over e-mail with its receipt attached', async () => {
    const submitted = await t.post('/api/Tur/CreateUpdateTur', completeTurApplication(owner.orgId), owner.token);
    expect(submitted.statusCode).toBe(200);
    tur = (await applicationOf(t, owner.orgId, 'TUR'))!.id;
    const mails = await delivered();
    expectToldOnce(mails, 'CANDIDATURA_SOTTOMESSA', 'TUR');
    expect(mails[0]!.text).toContain('abbiamo ricevuto la candidatura dell\u2019organizzazione \u00abComune di Posta Certa\u00bb');
    expect(mails[0]!.text).toContain('Fondo Tematico Turismo Sostenibile (TUR)');
    expect(mails[0]!.text).toContain(statusMailMessages.receiptAttached);
    expect(mails[0]!.text).toContain('http://portale.test/calls');
    // The receipt the hand-over issued, as the portal downloads it; its protocol number is said in the text too.
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.applicationId, tur));
    expect(receipt!.protocol).toMatch(/^TUR-\d{4}-\d{6}$/);
    for (const mail of mails) expect(mail.text).toContain(`Numero di protocollo della consegna: ${receipt!.protocol}.`);
    expect(mails[0]!.attachments.map((file) => file.filename)).toEqual([`Ricevuta-${receipt!.protocol}.pdf`]);
    // Recorded with the change, marked sent with whom it reached; another run sends nothing more.
    const [row] = await t.db.select().from(statusNotifications).where(eq(statusNotifications.applicationId, tur));
    expect(row).toMatchObject({ status: 'CANDIDATURA_SOTTOMESSA', attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
    expect([...row!.deliveredTo].sort()).toEqual([owner.email, colleague.email].sort());
    expect(await delivered()).toEqual([]);
  });

  it('In valutazione and Ammissibile: the news, the reviewers\u2019 note, and what to do next', async () => {
    expect((await adminChange('TUR', tur, 'In valutazione', { note: 'Esame avviato dal nucleo tecnico.' })).statusCode).toBe(200);
    const evaluating = await delivered();
    expectToldOnce(evaluating, 'IN_VALUTAZIONE', 'TUR');
    expect(evaluating[0]!.text).toContain('> Esame avviato dal nucleo tecnico.');

    expect((await adminChange('TUR', tur, 'Ammissibile', { note: 'Documentazione completa.' })).statusCode).toBe(200);
    const admitted = await delivered();
    expectToldOnce(admitted, 'AMMISSIBILE', 'TUR');
    expect(admitted[0]!.text).toContain(statusMailMessages.noteHeading);
    expect(admitted[0]!.text).toContain('> Documentazione completa.');
    expect(admitted[0]!.text).toContain('\u00abCompila istruttoria\u00bb');
  });

  it('the hand-overs of the review and of monitoring, Deliberata and Monitoraggio Chiuso; Monitoraggio Aperto only once, as the reminder', async () => {
    await applicantChange(tur, 'applicant.review.submit');
    const review = await delivered();
    expectToldOnce(review, 'ISTRUTTORIA_SOTTOMESSA', 'TUR');
    // Changed here without the portal's receipt recorder: no receipt, so the e-mail points to the portal.
    expect(review[0]!.text).toContain(statusMailMessages.receiptInPortal);

    expect((await adminChange('TUR', tur, 'Deliberata', { note: 'Delibera n. 12 del consiglio.' })).statusCode).toBe(200);
    const deliberated = await delivered();
    expectToldOnce(deliberated, 'DELIBERATA', 'TUR');
    expect(deliberated[0]!.text).toContain('> Delibera n. 12 del consiglio.');

    // Monitoraggio Aperto: the monitoring reminder is its e-mail; no status e-mail besides it.
    expect((await adminChange('TUR', tur, 'Monitoraggio Aperto')).statusCode).toBe(200);
    const opened = await delivered();
    expect(opened).toHaveLength(2);
    expect(opened.every((mail) => mail.subject.includes('Monitoraggio primo periodo aperto'))).toBe(true);
    const rows = await t.db.select().from(statusNotifications).where(eq(statusNotifications.applicationId, tur));
    expect(rows.map((row) => row.status)).not.toContain('MONITORAGGIO_APERTO');

    await applicantChange(tur, 'applicant.monitoring.submit');
    const monitored = await delivered();
    expectToldOnce(monitored, 'MONITORAGGIO_SOTTOMESSO', 'TUR');
    expect(monitored[0]!.text).toContain('http://portale.test/monitoraggio');

    expect((await adminChange('TUR', tur, 'Monitoraggio Chiuso')).statusCode).toBe(200);
    expectToldOnce(await delivered(), 'MONITORAGGIO_CHIUSO', 'TUR');
  });

  it('In integrazione carries the request and its deadline; Integrazione Sottomessa is told; Rifiutata carries the reasons', async () => {
    const pui = await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const request = 'Inviare la planimetria catastale aggiornata.\nAllegare il computo metrico.';
    expect((await adminChange('PUI', pui, 'In integrazione', { note: request, deadline: '2099-03-15' })).statusCode).toBe(200);
    const integration = await delivered();
    expectToldOnce(integration, 'IN_INTEGRAZIONE', 'PUI');
    expect(integration[0]!.text).toContain('> Inviare la planimetria catastale aggiornata.\n> Allegare il computo metrico.');
    expect(integration[0]!.text).toContain('entro il 15/03/2099');
    expect(integration[0]!.text).toContain('Fondo Tematico Piani Urbani Integrati (PUI)');

    await applicantChange(pui, 'applicant.integration.complete');
    expectToldOnce(await delivered(), 'INTEGRAZIONE_SOTTOMESSA', 'PUI');

    expect((await adminChange('PUI', pui, 'In valutazione')).statusCode).toBe(200);
    await delivered();
    expect((await adminChange('PUI', pui, 'Rifiutata', { note: 'Il progetto non rientra nelle aree ammesse.' })).statusCode).toBe(200);
    const rejected = await delivered();
    expectToldOnce(rejected, 'RIFIUTATA', 'PUI');
    expect(rejected[0]!.text).toContain('> Il progetto non rientra nelle aree ammesse.');
  });

  it('an internal step (reopened: Aperta) sends nothing', async () => {
    const pui = (await applicationOf(t, owner.orgId, 'PUI'))!.id;
    expect((await adminChange('PUI', pui, 'Aperta', { note: 'Riaperta su richiesta del comune.' })).statusCode).toBe(200);
    expect(await delivered()).toEqual([]);
  });
});

describe('the note on the applicant\u2019s history', () => {
  it('shows the reviewers\u2019 note on the statuses the applicant is told of, not on internal steps or hand-overs', async () => {
    const compilation = (await t.get(`/api/Pui/GetPuiCompilazione?orgId=${owner.orgId}`, owner.token)).json() as {
      history: { statusCode: ApplicationStatusCode; note: string | null }[];
    };
    const noteOf = (code: ApplicationStatusCode) => compilation.history.filter((item) => item.statusCode === code).map((item) => item.note);
    expect(noteOf('IN_INTEGRAZIONE')).toEqual(['Inviare la planimetria catastale aggiornata.\nAllegare il computo metrico.']);
    expect(noteOf('RIFIUTATA')).toEqual(['Il progetto non rientra nelle aree ammesse.']);
    expect(noteOf('INTEGRAZIONE_SOTTOMESSA')).toEqual([null]);
    // Reopening is an internal step: its note stays with the administrators.
    expect(noteOf('APERTA')).toEqual([null]);
    const pui = (await applicationOf(t, owner.orgId, 'PUI'))!.id;
    const asAdmin = (await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${pui}`, admin.token)).json() as {
      statusCode: ApplicationStatusCode;
      note: string | null;
    }[];
    expect(asAdmin.find((item) => item.statusCode === 'APERTA')?.note).toBe('Riaperta su richiesta del comune.');
  });
});

describe('a mail server that fails delays the e-mail, never the change', () => {
  let failing: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: the real SMTP transport fails to connect.
    failing = await createTestApp({ database: shared(), env: { ...env, SMTP_URL: 'smtp://127.0.0.1:1' } });
    other = await createTestApp({ database: shared(), env });
  }, 120_000);
  afterAll(async () => {
    await failing?.close();
    await other?.close();
  });

  it('the change commits, the e-mail waits with the error, and a later run (in another process) sends it once', async () => {
    const pui = (await applicationOf(t, owner.orgId, 'PUI'))!.id;
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE');
    const response = await failing.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?${new URLSearchParams({ puiId: pui, status: 'Ammissibile', note: 'Ammessa.' })}`,
      undefined,
      (await failing.loginAsAdmin()).token,
    );
    expect(response.statusCode).toBe(200);
    expect((await applicationOf(t, owner.orgId, 'PUI'))!.status).toBe('AMMISSIBILE');
    await failing.notifications.runOnce();
    const [pending] = await t.db
      .select()
      .from(statusNotifications)
      .where(eq(statusNotifications.applicationId, pui))
      .orderBy(statusNotifications.createdAt)
      .then((rows) => rows.filter((row) => row.status === 'AMMISSIBILE'));
    expect(pending!.sentAt).toBeNull();
    expect(pending!.claimedAt).toBeNull();
    expect(pending!.attempts).toBeGreaterThanOrEqual(1);
    expect(pending!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nobody sends it before its time.
    expect(await other.notifications.runOnce()).toBe(0);

    // Its time comes: of two processes running at once, one sends it, to each member once.
    await t.db
      .update(statusNotifications)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(statusNotifications.id, pending!.id));
    const [a, b] = await Promise.all([other.notifications.runOnce(), t.notifications.runOnce()]);
    expect(a + b).toBe(1);
    const mails = [...(await newMails(other)), ...(await newMails(t))];
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, colleague.email].sort());
    expect(mails.every((mail) => mail.subject === texts.AMMISSIBILE.subject('PUI'))).toBe(true);
    const [sent] = await t.db.select().from(statusNotifications).where(eq(statusNotifications.id, pending!.id));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.lastError).toBeNull();
    expect(await other.notifications.runOnce()).toBe(0);
  });
});

describe('the receipt seam', () => {
  it('a hand-over e-mail carries the files attachmentsFor gives it, and then says the receipt is attached', async () => {
    const { createStatusNotifications } = await import('../../server/notifications/statusNotifications.ts');
    const { createMailer } = await import('../../server/mail/mailer.ts');
    const { createMembership } = await import('../../server/auth/membership.ts');
    const tur = (await applicationOf(t, owner.orgId, 'TUR'))!.id;
    await forceApplicationStatus(t, owner.orgId, 'TUR', 'AMMISSIBILE');
    // Recorded by the writer, not yet sent: the sender below (with receipts) takes it.
    const quiet = createStatusChanges(t.db);
    await t.db.transaction(async (tx) => {
      await quiet.apply(tx, tur, transitionOn('AMMISSIBILE', 'applicant.review.submit')!, { role: 'applicant', userId: owner.userId });
    });
    const asked: string[] = [];
    const sender = createStatusNotifications({
      db: t.db,
      membership: createMembership(t.db),
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'Portale Fondi <noreply@portale.test>',
        outboxDir: t.config.mail.outboxDir,
        log: t.app.log,
      }),
      publicUrl: 'http://portale.test',
      log: t.app.log,
      attachmentsFor: async (notification) => {
        asked.push(notification.status);
        return [{ filename: `Ricevuta-${notification.fund}.pdf`, content: Buffer.from('%PDF-1.7\n'), contentType: 'application/pdf' }];
      },
    });
    expect(await sender.runOnce()).toBe(1);
    expect(asked).toEqual(['ISTRUTTORIA_SOTTOMESSA']);
    const mails = await newMails();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(statusMailMessages.receiptAttached);
      expect(mail.attachments).toEqual([{ filename: 'Ricevuta-TUR.pdf', contentType: 'application/pdf' }]);
    }
  });
});
