import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE, type Fund } from '../../domain/applicationStatus.ts';
import { samplePdf } from '../support/attachmentUpload.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { providerLogin } from '../support/providerLogin.ts';
import { startRoundRobinProxy } from '../support/roundRobinProxy.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3TestServer.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';

/**
 * A rolling restart loses nothing: two server processes (the built server, as `npm start` runs it) on one
 * PostgreSQL, one S3 store and Redis, behind a round-robin balancer that follows /readyz, under continuous
 * autosaves, uploads and reads; each process gets SIGTERM in turn while an upload is streaming into it, and is
 * started again. Every request must succeed, the uploads in flight included, and everything acknowledged must
 * be stored.
 */
if (!process.env.DATABASE_URL) {
  console.info('rollingRestart.test.ts skipped: set DATABASE_URL (npm run test:pg) to restart two processes on one PostgreSQL.');
}

const OTHER_ATTACHMENT: Record<Fund, number> = { PUI: 199, TUR: 299 };

describe.skipIf(!process.env.DATABASE_URL)('a rolling restart of two processes under load', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let s3: S3TestServer;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  const processes: PortalProcess[] = [];
  const ports: number[] = [];
  let env: (index: number) => Record<string, string>;

  beforeAll(async () => {
    database = await createThrowawayDatabase(process.env.DATABASE_URL!);
    s3 = await startS3TestServer();
    ports.push(await freePort(), await freePort());
    proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
    const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'pf-rolling-')));
    const redisPrefix = `pf-rolling-${randomUUID()}:`;
    env = (index) => ({
      ...s3.env,
      DATABASE_URL: database.url,
      // Behind the balancer both answer to its address.
      PUBLIC_URL: proxy.url,
      DATA_DIR: dataDirs[index]!,
      ADMIN_EMAIL: 'admin@portale.test',
      ADMIN_PASSWORD: 'amministra-2026',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '25',
      // Its own keys in the shared Redis: other suites spend this address's allowances there.
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
    });
    processes.push(...(await Promise.all(ports.map((port, index) => startPortalProcess(`process ${index + 1}`, port, env(index))))));
  }, 420_000);

  afterAll(async () => {
    await Promise.all(processes.map((portal) => portal.stop()));
    await proxy?.stop();
    await s3?.stop();
    await database?.drop();
  }, 120_000);

  const viaProxy = (method: string, url: string, token: string, body?: { json: unknown } | { form: ReturnType<typeof multipartForm> }) =>
    fetch(`${proxy.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}),
        ...(body && 'form' in body ? { 'content-type': body.form.contentType } : {}),
      },
      ...(body && 'json' in body ? { body: JSON.stringify(body.json) } : {}),
      ...(body && 'form' in body ? { body: new Uint8Array(body.form.body) } : {}),
    });

  const uploadForm = (orgId: string, fund: Fund, content: Buffer) =>
    multipartForm([
      ['Nome', 'allegato.pdf'],
      ['Descrizione', 'allegato.pdf'],
      ['TipoFileId', String(OTHER_ATTACHMENT[fund])],
      ['OrgId', orgId],
      ['CallType', fund],
      ['File', { name: 'allegato.pdf', content, contentType: 'application/pdf' }],
    ]);

  /** An upload streamed straight into one process over about `seconds`, as a slow connection sends it. */
  const slowUpload = (target: PortalProcess, token: string, form: ReturnType<typeof multipartForm>, seconds: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${target.url}/api/FileUpload/UploadFile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'content-length': String(form.body.length) },
      });
      request.once('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.once('error', reject);
      const pieces = 20;
      const size = Math.ceil(form.body.length / pieces);
      let sent = 0;
      const next = () => {
        request.write(form.body.subarray(sent, sent + size));
        sent += size;
        if (sent >= form.body.length) request.end();
        else setTimeout(next, (seconds * 1000) / pieces);
      };
      next();
    });

  it('restarts each process in turn with zero failed requests and every acknowledged save and upload stored', async () => {
    const people = await Promise.all(
      [1, 2].map(async (index) => {
        const person = await providerLogin(processes[0]!.send, proxy.url, processes[1]!.send, {
          outboxDir: path.join(env(0).DATA_DIR!, 'outbox'),
        }).register({
          email: `rolling.${index}.${Date.now()}@esempio.it`,
        });
        const created = await viaProxy('POST', '/api/Organization/CreateOrganization', person.token, {
          json: organizationPayload({ name: `Comune di Rotazione ${index}` }),
        });
        expect(created.status).toBe(201);
        return { token: person.token, orgId: ((await created.json()) as { orgId: string }).orgId };
      }),
    );

    const failures: string[] = [];
    const counts = { autosaves: 0, uploads: 0, reads: 0 };
    let running = true;
    const call = async (label: string, send: () => Promise<Response>): Promise<Response | undefined> => {
      try {
        const response = await send();
        if (response.ok) return response;
        failures.push(`${label}: ${response.status} ${await response.text()}`);
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
      }
      return undefined;
    };

    // Autosaves: each person types in both funds' drafts, one save after the other, as the wizard sends them.
    const lastSaved = new Map<string, number>();
    const autosaveLoops = people.flatMap((person) =>
      (['PUI', 'TUR'] as const).map(async (fund) => {
        for (let n = 1; running; n++) {
          const saved = await call(`autosave ${fund} ${n}`, () =>
            viaProxy('POST', '/api/DraftCompilazione/CreateDraftCompilazione', person.token, {
              json: {
                compilazioneType: COMPILAZIONE_TYPE[fund],
                organizationId: person.orgId,
                json: JSON.stringify(fund === 'PUI' ? { progNome: `Bozza ${n}` } : { descrizione: `Bozza ${n}` }),
              },
            }),
          );
          if (saved) {
            lastSaved.set(`${person.orgId}:${fund}`, n);
            counts.autosaves++;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    // Uploads: a few hundred KB each, every acknowledged id kept with its bytes.
    const uploaded: { id: string; content: Buffer; token: string }[] = [];
    const uploadLoop = (async () => {
      for (let n = 1; running; n++) {
        const person = people[n % people.length]!;
        const content = samplePdf(`Allegato ${n} ${'x'.repeat(200_000)}`);
        const response = await call(`upload ${n}`, () =>
          viaProxy('POST', '/api/FileUpload/UploadFile', person.token, { form: uploadForm(person.orgId, 'PUI', content) }),
        );
        if (response) {
          uploaded.push({ id: ((await response.json()) as { id: string }).id, content, token: person.token });
          counts.uploads++;
        }
        // Two uploads a second at most: a person's pace, well within the per-account and per-address limits.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const readLoop = (async () => {
      while (running) {
        if (await call('read', () => viaProxy('GET', '/api/User', people[0]!.token))) counts.reads++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const inFlight: { status: number; body: string }[] = [];
    for (const index of [0, 1]) {
      // An upload is streaming into this process when it is told to stop: it must finish there.
      const person = people[index]!;
      const streaming = slowUpload(processes[index]!, person.token, uploadForm(person.orgId, 'TUR', samplePdf(`Lento ${index}`)), 3);
      await new Promise((resolve) => setTimeout(resolve, 800));
      await processes[index]!.stop();
      inFlight.push(await streaming);
      processes[index] = await startPortalProcess(`process ${index + 1} (restarted)`, ports[index]!, env(index));
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    running = false;
    await Promise.all([...autosaveLoops, uploadLoop, readLoop]);

    console.info(
      `rolling restart: ${counts.autosaves} autosaves, ${counts.uploads} uploads, ${counts.reads} reads; ` +
        `balancer retried ${proxy.stats.retried} undelivered requests, dropped ${proxy.stats.dropped}`,
    );
    expect(failures).toEqual([]);
    expect(proxy.stats.dropped).toBe(0);
    expect(inFlight.map((answer) => answer.status)).toEqual([200, 200]);
    expect(counts.autosaves).toBeGreaterThan(20);
    expect(counts.uploads).toBeGreaterThan(5);

    // Everything acknowledged is there: each draft as last saved, each upload's bytes, the slow ones too.
    for (const person of people) {
      for (const fund of ['PUI', 'TUR'] as const) {
        const draft = await viaProxy(
          'GET',
          `/api/DraftCompilazione/Get${fund === 'PUI' ? 'Pui' : 'Tur'}Draft?orgId=${person.orgId}`,
          person.token,
        );
        const values = JSON.parse(((await draft.json()) as { json: string }).json) as Record<string, unknown>;
        expect(values[fund === 'PUI' ? 'progNome' : 'descrizione']).toBe(`Bozza ${lastSaved.get(`${person.orgId}:${fund}`)}`);
      }
    }
    for (const answer of inFlight) {
      const { id } = JSON.parse(answer.body) as { id: string };
      uploaded.push({ id, content: samplePdf(`Lento ${inFlight.indexOf(answer)}`), token: people[inFlight.indexOf(answer)]!.token });
    }
    for (const file of uploaded) {
      const download = await viaProxy('GET', `/api/FileUpload/GetFile?downloadId=${file.id}`, file.token);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(file.content)).toBe(true);
    }
  }, 600_000);
});
