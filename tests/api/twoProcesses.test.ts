import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { applications } from '../../server/db/schema/applications.ts';
import { samplePdf } from '../support/attachmentUpload.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { providerLogin } from '../support/providerLogin.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3TestServer.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';
import { zipEntries } from '../support/zipEntries.ts';

/**
 * The portal as several processes: two real server processes
 * (the built server, dist-server/main.mjs as `npm start` runs it, child processes on free ports) on one PostgreSQL (a throwaway database on DATABASE_URL)
 * and one S3-compatible store (s3rver), each with a DATA_DIR of its own, both started at once on the empty
 * database (they migrate in turn). Whatever one process writes or issues, the other sees: the embedded
 * provider's keys, codes and grants, the attachments, the admin list.
 */
if (!process.env.DATABASE_URL) {
  console.info('twoProcesses.test.ts skipped: set DATABASE_URL (npm run test:pg) to run two processes on one PostgreSQL.');
}

const ADMIN_EMAIL = 'admin@portale.test';
const ADMIN_PASSWORD = 'amministra-2026';
const PUI_REPORT = 103;

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL and one S3 store', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let s3: S3TestServer;
  let one: PortalProcess;
  let two: PortalProcess;
  let db: Database;
  let publicUrl: string;
  const dataDirs = [mkdtempSync(path.join(tmpdir(), 'pf-one-')), mkdtempSync(path.join(tmpdir(), 'pf-two-'))];
  let person: { token: string; refresh_token: string | null };
  let admin: { token: string };
  let orgId: string;

  beforeAll(async () => {
    database = await createThrowawayDatabase(process.env.DATABASE_URL!);
    s3 = await startS3TestServer();
    const ports = [await freePort(), await freePort()];
    // Behind a load balancer both answer to one public address: the provider's issuer is the same.
    publicUrl = `http://127.0.0.1:${ports[0]}`;
    const redisPrefix = `pf-two-processes-${randomUUID()}:`;
    const env = (dataDir: string) => ({
      ...s3.env,
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The person registers one organisation below, then tries two more across the processes.
      MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY: '2',
      // Both processes share this run's own keys in Redis: the last test spends the address's allowance of token
      // calls, which must not refuse the next run's logins for the following ten minutes.
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
    });
    [one, two] = await Promise.all([
      startPortalProcess('process 1', ports[0]!, env(dataDirs[0]!)),
      startPortalProcess('process 2', ports[1]!, env(dataDirs[1]!)),
    ]);
    db = await openDatabase({ kind: 'postgres', url: database.url });
  }, 420_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await db?.close();
    await s3?.stop();
    await database?.drop();
  }, 120_000);

  const call = (process: PortalProcess, method: string, url: string, token: string, body?: unknown) =>
    fetch(`${process.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const adminListItem = async (process: PortalProcess) => {
    const response = await call(process, 'GET', '/api/Organization/GetAllOrgsCompilazioni', admin.token);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { organization: { id: string }; puiCompilazione: { status: string } | null }[];
    return list.find((item) => item.organization.id === orgId);
  };

  it('a person registers through process 1’s provider pages, and process 2 exchanges the code and serves the API', async () => {
    person = await providerLogin(one.send, publicUrl, two.send, { outboxDir: path.join(dataDirs[0]!, 'outbox') }).register({
      email: `due.processi.${Date.now()}@esempio.it`,
    });
    const me = await call(two, 'GET', '/api/User', person.token);
    expect(me.status).toBe(200);
    const created = await call(
      two,
      'POST',
      '/api/Organization/CreateOrganization',
      person.token,
      organizationPayload({ name: 'Comune di Duplice' }),
    );
    expect(created.status).toBe(201);
    orgId = ((await created.json()) as { orgId: string }).orgId;
    // Process 1 knows the token process 2 issued, and the organisation process 2 wrote.
    const organisation = await call(one, 'GET', `/api/Organization/GetOrganizationById?id=${orgId}`, person.token);
    expect(organisation.status).toBe(200);
    expect(((await organisation.json()) as { name: string }).name).toBe('Comune di Duplice');
  });

  it('a refresh token issued through process 2 is renewed once by process 1; process 2 answers its reuse with the same tokens', async () => {
    const refreshed = await fetch(`${one.url}/api/Jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: person.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as { token: string; refresh_token: string };
    expect((await call(two, 'GET', '/api/User', tokens.token)).status).toBe(200);
    const reused = await fetch(`${two.url}/api/Jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: person.refresh_token }),
    });
    // Within REFRESH_TOKEN_REUSE_SECONDS (two tabs renewing together): the renewal recorded in the database.
    expect(reused.status).toBe(200);
    expect(await reused.json()).toEqual(tokens);
    person = tokens;
  });

  it('a file uploaded on process 1 is downloaded and zipped on process 2, from the shared bucket', async () => {
    const content = samplePdf('Relazione caricata sul processo 1');
    const form = multipartForm([
      ['Nome', 'relazione.pdf'],
      ['Descrizione', 'relazione.pdf'],
      ['TipoFileId', String(PUI_REPORT)],
      ['OrgId', orgId],
      ['CallType', 'PUI'],
      ['File', { name: 'relazione.pdf', content, contentType: 'application/pdf' }],
    ]);
    const uploaded = await fetch(`${one.url}/api/FileUpload/UploadFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': form.contentType },
      body: new Uint8Array(form.body),
    });
    expect(uploaded.status).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };

    const download = await call(two, 'GET', `/api/FileUpload/GetFile?downloadId=${id}`, person.token);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);

    admin = await providerLogin(two.send, publicUrl, one.send).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const zip = await call(two, 'GET', `/api/FileUpload/GetZippedFiles?orgId=${orgId}&type=pui`, admin.token);
    expect(zip.status).toBe(200);
    const entries = [...zipEntries(Buffer.from(await zip.arrayBuffer())).values()];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.equals(content)).toBe(true);

    // In the bucket, not on either process's disk.
    expect(await s3.keys()).toHaveLength(1);
    for (const dir of dataDirs) {
      const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
        (e) => e.isFile() && e.parentPath.includes(`${path.sep}files`),
      );
      expect(files).toEqual([]);
    }
  });

  it('the admin list of each process shows what the other wrote: an autosave, then a status change', async () => {
    // Both build their copy of the list first.
    expect((await adminListItem(one))?.puiCompilazione).toBeNull();
    expect((await adminListItem(two))?.puiCompilazione).toBeNull();

    const saved = await call(one, 'POST', '/api/DraftCompilazione/CreateDraftCompilazione', person.token, {
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      organizationId: orgId,
      json: JSON.stringify({ progNome: 'Parco del Duplice' }),
    });
    expect(saved.status).toBe(200);
    const applicationId = ((await saved.json()) as { applicationId: string }).applicationId;
    expect((await adminListItem(two))?.puiCompilazione?.status).toBe('Aperta');

    // Submitted (set here directly: a full submission is tested elsewhere), then reviewed on process 1.
    await db.db
      .update(applications)
      .set({ status: 'CANDIDATURA_SOTTOMESSA', submittedAt: new Date() })
      .where(eq(applications.id, applicationId));
    expect((await adminListItem(two))?.puiCompilazione?.status).toBe('Candidatura Sottomessa');
    const changed = await call(
      one,
      'POST',
      `/api/Pui/UpdatePuiCompilazioneStatus?puiId=${applicationId}&status=${encodeURIComponent('In valutazione')}`,
      admin.token,
    );
    expect(changed.status).toBe(200);
    expect((await adminListItem(two))?.puiCompilazione?.status).toBe('In valutazione');
    expect((await adminListItem(one))?.puiCompilazione?.status).toBe('In valutazione');
  });

  it.skipIf(!process.env.REDIS_URL)(
    'an account registers at most MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY organisations, whichever process it asks (Redis)',
    async () => {
      const create = (process: PortalProcess, name: string) =>
        call(process, 'POST', '/api/Organization/CreateOrganization', person.token, organizationPayload({ name }));
      // The first test registered one through process 2: the second, through process 1, is the last allowed.
      expect((await create(one, 'Comune di Secondo')).status).toBe(201);
      const refused = await create(two, 'Comune di Terzo');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Da un account si possono registrare solo poche organizzazioni al giorno[^]*contatta l’assistenza del Portale Fondi\.$/,
      );
      expect((await create(one, 'Comune di Quarto')).status).toBe(429);
    },
  );

  // Scheduled jobs (the monitoring reminders) run once however many processes share the database: each reminder is a
  // unique row written in the transaction that sends it — tests/api/monitoringReminders.test.ts runs two instances on
  // one database (PostgreSQL in npm run test:pg). Last here, since it spends this address's allowance of token calls.
  it.skipIf(!process.env.REDIS_URL)(
    'rate limits are counted once for both processes: token calls on either add up to one allowance (Redis)',
    async () => {
      const exchange = (process: PortalProcess) =>
        fetch(`${process.url}/api/Jwt/token-exchange`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: 'codice-non-valido', redirectUri: `${publicUrl}/login-callback` }),
        });
      // 120 token calls per address in 10 minutes (server/rateLimits/rateLimiter.ts). Apart, each process would allow
      // 120 of its own, so 130 calls alternating between them would never be refused.
      let refused: Response | undefined;
      let sent = 0;
      while (!refused && sent < 130) {
        const answer = await exchange(sent % 2 === 0 ? one : two);
        sent++;
        if (answer.status === 429) refused = answer;
        else await answer.arrayBuffer();
      }
      expect(refused, `no 429 after ${sent} calls shared by the two processes`).toBeDefined();
      expect(sent).toBeLessThanOrEqual(121);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused!.json()) as { message: string }).message).toMatch(/^Troppe richieste/);
      // Refused on one, refused on the other.
      const other = await exchange(sent % 2 === 0 ? one : two);
      expect(other.status).toBe(429);
    },
  );
});
