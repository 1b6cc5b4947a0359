import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { createFilesystemStorage } from '../../server/storage/filesystemStorage.ts';
import { requestMessages } from '../../domain/messages/requests.ts';

/**
 * Slow clients on a real listening server, through raw sockets: a body trickled a byte at a time is cut off on
 * every kind of route (the API, the identity provider's, an upload that stalls), while an upload that keeps moving
 * is stored however long it takes; a client that goes away is logged as such, not as a database outage. The limits
 * are small here so the suite runs in seconds; tests/unit/slowClientDefaults.test.ts checks the production ones.
 */

const BODY_TIMEOUT_MS = 2000;
const UPLOAD_STALL_MS = 2000;
const HEADERS_TIMEOUT_MS = 1000;
/** Time for the server's check to run and the close to arrive, under the load of a shared machine. */
const SLACK_MS = 2500;

const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
/** The log's lines, from the `since`-th on. */
const logLines = (since = 0) => logged.slice(since).map((line) => JSON.parse(line) as { msg?: string; statusCode?: number; url?: string });

let t: TestApp;
let port: number;
let member: Awaited<ReturnType<typeof personWithOrganization>>;
/** Set, the file store's reads fail as a backend whose connection was reset does. */
const storeResets = { value: false };

beforeAll(async () => {
  const files = createFilesystemStorage(path.join(mkdtempSync(path.join(tmpdir(), 'pf-slow-')), 'files'));
  t = await createTestApp({
    storage: {
      ...files,
      openRead: (key, buffers) =>
        storeResets.value
          ? Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))
          : files.openRead(key, buffers),
    },
    logger: { level: 'info', stream: logStream },
    env: {
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_MS / 1000),
      BODY_TIMEOUT_SECONDS: String(BODY_TIMEOUT_MS / 1000),
      UPLOAD_STALL_SECONDS: String(UPLOAD_STALL_MS / 1000),
    },
  });
  member = await personWithOrganization(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves with the milliseconds from the connection to its close (by either side). */
  closed: Promise<number>;
  isClosed: () => boolean;
}

async function rawConnection(): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunks: Buffer[] = [];
  const openedAt = Date.now();
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve(Date.now() - openedAt);
    }),
  );
  return { socket, received: () => Buffer.concat(chunks).toString('utf8'), closed, isClosed: () => isClosed };
}

/** Sends one byte every `everyMs` until the connection closes or `limitMs` has passed; the close's time, or null. */
async function trickle(connection: RawConnection, bytes: Buffer, everyMs: number, limitMs: number): Promise<number | null> {
  const giveUp = Date.now() + limitMs;
  for (let i = 0; Date.now() < giveUp; i++) {
    if (connection.isClosed()) break;
    connection.socket.write(bytes.subarray(i % bytes.length, (i % bytes.length) + 1));
    await Promise.race([sleep(everyMs), connection.closed]);
  }
  if (!connection.isClosed()) {
    connection.socket.destroy();
    return null;
  }
  return connection.closed;
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

/** What the log said of the requests so far: never a 5xx, never a database outage. */
function expectNoServerFault() {
  const lines = logLines();
  expect(lines.filter((line) => (line.statusCode ?? 0) >= 500)).toEqual([]);
  expect(lines.filter((line) => line.msg === 'database unavailable' || line.msg === 'unhandled error')).toEqual([]);
}

/** A multipart upload of a PDF of about `size` bytes to PUI's schedule slot of the member's organisation. */
function uploadBody(size: number, label: string) {
  const pdf = Buffer.from(
    `%PDF-1.7\n% ${label}\n% ${'x'.repeat(size)}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
  return multipartForm([
    ['Nome', `${label}.pdf`],
    ['Descrizione', label],
    ['TipoFileId', '105'],
    ['OrgId', member.orgId],
    ['CallType', 'PUI'],
    ['File', { name: `${label}.pdf`, content: pdf, contentType: 'application/pdf' }],
  ]);
}

const uploadHead = (form: { body: Buffer; contentType: string }) =>
  head('POST', '/api/FileUpload/UploadFile', {
    authorization: `Bearer ${member.token}`,
    'content-type': form.contentType,
    'content-length': form.body.length,
    connection: 'close',
  });

async function storedSchedule() {
  const slots = await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${member.orgId}&callType=PUI`, member.token);
  expect(slots.statusCode).toBe(200);
  return (slots.json() as { id: number; downloadId?: string | null }[]).find((slot) => slot.id === 105)?.downloadId ?? null;
}

describe('a client trickling its request', () => {
  it('is cut off when its headers trickle in', async () => {
    const connection = await rawConnection();
    connection.socket.write(`POST /api/Jwt/token-exchange HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const closedAfter = await trickle(
      connection,
      Buffer.from('X-Lento: aaaaaaaaaaaaaaaaaaaaaa\r\n'),
      300,
      HEADERS_TIMEOUT_MS + 2 * SLACK_MS,
    );
    expect(closedAfter, 'the server kept the connection open').not.toBeNull();
    expect(closedAfter!).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    const answer = connection.received();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'request_timeout',
      message: requestMessages.requestTimeout,
    });
    expectNoServerFault();
  }, 30_000);

  it('hears in Italian what Node refuses before any route: headers too large', async () => {
    const connection = await rawConnection();
    connection.socket.write(head('GET', '/api/User', { 'x-grande': 'a'.repeat(20_000) }));
    await connection.closed;
    const answer = connection.received();
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'headers_too_large',
      message: requestMessages.headersTooLarge,
    });
  }, 30_000);

  it('is cut off when the body of an anonymous API request trickles in, with a 408', async () => {
    const connection = await rawConnection();
    connection.socket.write(head('POST', '/api/Jwt/token-exchange', { 'content-type': 'application/json', 'content-length': 200 }));
    const closedAfter = await trickle(connection, Buffer.from('{"code":"aaaaaaaaaaaaaaaa'), 500, BODY_TIMEOUT_MS + 2 * SLACK_MS);
    expect(closedAfter, 'the server kept the connection open').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(closedAfter!).toBeLessThan(BODY_TIMEOUT_MS + SLACK_MS);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    await sleep(200);
    expect(logLines().some((line) => line.msg?.startsWith('slow client cut off'))).toBe(true);
    expectNoServerFault();
  }, 30_000);

  it('is cut off when the body of a request to the identity provider (/idp/token) trickles in', async () => {
    const connection = await rawConnection();
    connection.socket.write(head('POST', '/idp/token', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 200 }));
    const closedAfter = await trickle(
      connection,
      Buffer.from('grant_type=authorization_code&code=aaaa'),
      500,
      BODY_TIMEOUT_MS + 2 * SLACK_MS,
    );
    expect(closedAfter, 'the server kept the connection open').not.toBeNull();
    expect(closedAfter!).toBeLessThan(BODY_TIMEOUT_MS + SLACK_MS);
    expectNoServerFault();
  }, 30_000);
});

describe('an upload on a slow line', () => {
  it('is stored when it keeps moving, for longer than an ordinary body may take', async () => {
    const form = uploadBody(160 * 1024, 'cronoprogramma-lento');
    const connection = await rawConnection();
    connection.socket.write(uploadHead(form));
    const startedAt = Date.now();
    // 8 KB every quarter of a second: 32 KB/s, five seconds for the whole file.
    for (let offset = 0; offset < form.body.length; offset += 8 * 1024) {
      connection.socket.write(form.body.subarray(offset, offset + 8 * 1024));
      await sleep(250);
    }
    await connection.closed;
    expect(Date.now() - startedAt).toBeGreaterThan(BODY_TIMEOUT_MS + UPLOAD_STALL_MS);
    const answer = connection.received();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const stored = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { id: string; fileName: string };
    expect(stored.fileName).toBe('cronoprogramma-lento.pdf');
    expect(await storedSchedule()).toBe(stored.id);
    expectNoServerFault();
  }, 60_000);

  it('is cut off when it stalls, and the file stored before stays', async () => {
    const before = await storedSchedule();
    expect(before).not.toBeNull();
    const form = uploadBody(160 * 1024, 'cronoprogramma-fermo');
    const connection = await rawConnection();
    connection.socket.write(uploadHead(form));
    connection.socket.write(form.body.subarray(0, 40 * 1024));
    const rest = form.body.subarray(40 * 1024);
    const closedAfter = await trickle(connection, rest, 500, 2 * UPLOAD_STALL_MS + 2 * SLACK_MS);
    expect(closedAfter, 'the server kept the connection open').not.toBeNull();
    expect(closedAfter!).toBeLessThan(2 * UPLOAD_STALL_MS + SLACK_MS);
    await sleep(300);
    expect(await storedSchedule()).toBe(before);
    const download = await t.get(`/api/FileUpload/GetFile?downloadId=${before}`, member.token);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('cronoprogramma-lento');
    expect(logLines().some((line) => line.msg?.startsWith('slow client cut off: upload stalled'))).toBe(true);
    expectNoServerFault();
  }, 60_000);
});

describe('a client that goes away mid-body', () => {
  it('is logged as a closed connection, not as the database being unavailable: a JSON body', async () => {
    const since = logged.length;
    const connection = await rawConnection();
    connection.socket.write(head('POST', '/api/Jwt/token-exchange', { 'content-type': 'application/json', 'content-length': 1000 }));
    connection.socket.write('{"code":"abcdefghijklmnopqrstuvwxyz"');
    await sleep(300);
    connection.socket.destroy();
    await connection.closed;
    await sleep(500);
    const messages = logLines(since).map((line) => line.msg);
    expect(messages).toContain('client closed the connection before its request arrived whole');
    expectNoServerFault();
  }, 30_000);

  it('is logged as a closed connection: an upload, and nothing of it is stored', async () => {
    const before = await storedSchedule();
    const since = logged.length;
    const form = uploadBody(160 * 1024, 'cronoprogramma-interrotto');
    const connection = await rawConnection();
    connection.socket.write(uploadHead(form));
    connection.socket.write(form.body.subarray(0, 60 * 1024));
    await sleep(500);
    connection.socket.destroy();
    await connection.closed;
    await sleep(500);
    const messages = logLines(since).map((line) => line.msg);
    expect(messages).toContain('client closed the connection before its request arrived whole');
    expectNoServerFault();
    expect(await storedSchedule()).toBe(before);
  }, 30_000);

  it('while a connection reset behind the server, with the client still there, is still an outage: 503', async () => {
    const downloadId = await storedSchedule();
    const since = logged.length;
    storeResets.value = true;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/FileUpload/GetFile?downloadId=${downloadId}`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: string }).error).toBe('service_unavailable');
    } finally {
      storeResets.value = false;
    }
    const messages = logLines(since).map((line) => line.msg);
    expect(messages).toContain('database unavailable');
    expect(messages).not.toContain('client closed the connection before its request arrived whole');
  }, 30_000);
});
