/**
 * Heavy exports while other people use the portal: `npm run bench`.
 *
 * The real server (dist-server/main.mjs, built from server/main.ts as `npm start` runs it: tests/support/portalProcess.ts) in a process of its
 * own on a DATA_DIR seeded beforehand, so its memory is only the server's: its resident set is read from
 * /proc/<pid>/status every 10 ms, and its high-water mark (VmHWM, reset before each export) read after it.
 * While each export downloads, autocannon (tests/bench/heavy-exports.reader.ts, in a process of its own, so the
 * download does not delay its requests) reads a cheap authenticated route (GET /api/User) at a steady READ_RATE
 * from READ_CONNECTIONS connections, as other people would; the same load without an export first.
 *
 * (a) the admin list's "Scarica Excel" (POST /api/DraftCompilazione/DownloadExcelCompilazioni) of 10,000 TUR
 *     applications, each with a complete application's fields: duration, size, peak RSS, read p50/p99; the
 *     downloaded workbook is read back with exceljs's streaming reader and its rows counted.
 * (b) the attachments' zip of one application (GET /api/FileUpload/GetZippedFiles) over ZIP_FILES files of
 *     ZIP_FILE_MB of random bytes (PDF and xlsx, already compressed: stored, not deflated), written straight into
 *     the filesystem storage (DATA_DIR/files) by streaming, with their attachments rows: the zip is consumed as
 *     it arrives and its bytes counted, its end-of-central-directory record checked for the number of entries.
 *     BENCH_ZIP_OUT=<file> also writes it there (for `unzip -t`).
 * Targets: peak RSS < 200 MB, concurrent read p99 < 100 ms. PGlite (in DATA_DIR/db) by default, then
 * PostgreSQL (a throwaway database) when DATABASE_URL is set (BENCH_SKIP_PGLITE=1: PostgreSQL only). Every
 * generated file is removed at the end. BENCH_ZIP_FILES / BENCH_ZIP_FILE_MB change the zip's size.
 */
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { FILE_KINDS } from '../../domain/attachments.ts';
import { openDatabase } from '../../server/db/client.ts';
import { applications } from '../../server/db/schema/applications.ts';
import { attachments } from '../../server/db/schema/attachments.ts';
import { newStorageKey } from '../../server/storage/fileStorage.ts';
import { insertBulkOrganizations } from '../support/bulkApplications.ts';
import { childProcesses, freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { providerLogin } from '../support/providerLogin.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';
import { completeTurApplication } from '../support/turFixtures.ts';
import type { ReaderOptions, ReaderResult } from './heavy-exports.reader.ts';

const APPLICATIONS = 10_000;
/** insertBulkOrganizations gives about 80 % of organisations a TUR application: enough for APPLICATIONS. */
const ORGANIZATIONS = 12_800;
const ZIP_FILES = Number(process.env.BENCH_ZIP_FILES ?? 40);
const ZIP_FILE_MB = Number(process.env.BENCH_ZIP_FILE_MB ?? 25);
const READ_CONNECTIONS = 4;
const READ_RATE = 100;
const BASELINE_SECONDS = 5;
const RSS_TARGET_MB = 200;
const P99_TARGET_MS = 100;
const ADMIN_EMAIL = 'admin@portale.test';
const ADMIN_PASSWORD = 'amministra-2026';
const MB = 1024 * 1024;

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** The server process's resident set, sampled every 10 ms, and its high-water mark since `watch` began. */
function watchMemory(pid: number) {
  const status = () => {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  };
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS (Linux ≥ 4.0)
  } catch {
    hwmReset = false;
  }
  const start = status().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, status().rss);
  }, 10);
  return {
    start,
    stop() {
      clearInterval(timer);
      const last = status();
      return { peak: Math.max(peak, last.rss, hwmReset ? last.hwm : 0), hwmReset };
    },
  };
}

/**
 * The embedded database's process (server/db/embeddedDatabase.ts), a child of the server on PGlite: its memory is
 * PGlite's, printed apart from the server's, as PostgreSQL's would be.
 */
function embeddedDatabasePid(serverPid: number): number | undefined {
  return childProcesses(serverPid, 'database.mjs')[0];
}

/** GET /api/User at READ_RATE, from a process of its own (heavy-exports.reader.ts), until stopped. */
async function concurrentReads(url: string, token: string, duration = 3600) {
  const reader: ReaderOptions = { url, token, connections: READ_CONNECTIONS, rate: READ_RATE, duration };
  const child = fork(path.join(import.meta.dirname, 'heavy-exports.reader.ts'), {
    env: { ...process.env, BENCH_READER: JSON.stringify(reader) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const done = new Promise<ReaderResult>((resolve, reject) => {
    child.on('message', (message) => {
      if (message !== 'started') resolve(message as ReaderResult);
    });
    child.once('exit', (code) => reject(new Error(`the concurrent reader exited (${code}) without its figures`)));
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message) => message === 'started' && resolve());
    child.once('exit', (code) => reject(new Error(`the concurrent reader exited (${code}) before it started`)));
  });
  return {
    done,
    stop() {
      child.send('stop');
      return done;
    },
  };
}

const reads = (r: ReaderResult) =>
  `p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  (${r.total} reads` +
  `${r.non2xx + r.errors > 0 ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''})`;

/** A file of `bytes` random bytes written by streaming (never held whole): its SHA-256. */
async function writeRandomFile(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let left = bytes; left > 0; left -= MB) {
      const chunk = randomBytes(Math.min(MB, left));
      hash.update(chunk);
      yield chunk;
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(Readable.from(chunks()), createWriteStream(file, { mode: 0o600 }));
  return hash.digest('hex');
}

/**
 * What the exports need, inserted while the server is stopped (PGlite allows one process): APPLICATIONS TUR
 * applications filled like complete ones (texts differing per row, as real ones do), and ZIP_FILES attachments
 * of one organisation's PUI application with their bytes in DATA_DIR/files.
 */
async function seed(target: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string }, dataDir: string) {
  const database = await openDatabase(target);
  const { db } = database;
  try {
    await insertBulkOrganizations(db, ORGANIZATIONS);
    const tur = await db
      .select({ id: applications.id, organizationId: applications.organizationId })
      .from(applications)
      .where(eq(applications.fund, 'TUR'))
      .orderBy(applications.id)
      .limit(APPLICATIONS);
    if (tur.length < APPLICATIONS) throw new Error(`only ${tur.length} TUR applications seeded`);
    const full = JSON.stringify(completeTurApplication('00000000-0000-0000-0000-000000000000'));
    const filled = sql`${full}::jsonb || jsonb_build_object(
      'organizationId', ${applications.organizationId}::text,
      'progNome', 'Progetto ' || ${applications.id}::text,
      'descrizione', 'Riqualificazione e accoglienza diffusa, intervento ' || md5(${applications.id}::text) || '. ' || (${full}::jsonb ->> 'descrizione'),
      'tempiDescrizione', 'Cantiere ' || md5('t' || ${applications.id}::text) || '. ' || (${full}::jsonb ->> 'tempiDescrizione'))`;
    await db
      .update(applications)
      .set({ draft: filled, body: sql`case when ${applications.body} is null then null else ${filled} end` })
      .where(eq(applications.fund, 'TUR'));

    const orgId = tur[0]!.organizationId;
    let totalBytes = 0;
    for (let i = 0; i < ZIP_FILES; i++) {
      const key = newStorageKey();
      const kind = i % 5 === 4 ? FILE_KINDS.xlsx : FILE_KINDS.pdf;
      const size = ZIP_FILE_MB * MB;
      const sha256 = await writeRandomFile(path.join(dataDir, 'files', ...key.split('/')), size);
      totalBytes += size;
      await db.insert(attachments).values({
        organizationId: orgId,
        fund: 'PUI',
        attachmentTypeId: kind === FILE_KINDS.xlsx ? 104 : 199,
        storageKey: key,
        fileName: `${kind === FILE_KINDS.xlsx ? 'Piano economico' : 'Documento'} ${i + 1}${kind.extension}`,
        contentType: kind.contentType,
        size,
        sha256,
      });
    }
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(attachments)
      .where(and(eq(attachments.organizationId, orgId), eq(attachments.fund, 'PUI')))) as [{ count: number }];
    return { turIds: tur.map((r) => r.id), zipOrgId: orgId, zipFiles: count, zipBytes: totalBytes };
  } finally {
    await database.close();
  }
}

/** The workbook's data rows, read back with exceljs's streaming reader (the header row not counted). */
async function countWorkbookRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  for await (const sheet of reader) for await (const row of sheet) if (row.number > 1) rows += 1;
  return rows;
}

/** The number of entries a zip says it has (end of central directory record, in its last bytes). */
function zipEntryCount(tail: Buffer): number {
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === 0x06054b50) return tail.readUInt16LE(at + 10);
  }
  return -1;
}

async function timedExport(portal: PortalProcess, token: string, download: () => Promise<string>) {
  const memory = watchMemory(portal.pid);
  const databasePid = embeddedDatabasePid(portal.pid);
  const databaseMemory = databasePid === undefined ? undefined : watchMemory(databasePid);
  const reader = await concurrentReads(portal.url, token);
  const started = performance.now();
  try {
    const detail = await download();
    const seconds = (performance.now() - started) / 1000;
    const read = await reader.stop();
    const { peak, hwmReset } = memory.stop();
    const database = databaseMemory && { start: databaseMemory.start, peak: databaseMemory.stop().peak };
    return { seconds, read, peak, start: memory.start, hwmReset, detail, database };
  } catch (error) {
    await reader.stop().catch(() => undefined);
    memory.stop();
    databaseMemory?.stop();
    throw error;
  }
}

/** The embedded database process's line under an export, on PGlite. */
function databaseLine(database: { start: number; peak: number } | undefined): string[] {
  if (!database) return [];
  return [
    `      embedded database process (PGlite) RSS ${mb(database.start)} before, peak ${mb(database.peak)} (+${mb(database.peak - database.start)})`,
  ];
}

async function run(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-heavy-exports-'));
  const throwaway = databaseUrl ? await createThrowawayDatabase(databaseUrl) : undefined;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
  };
  const label = throwaway ? 'PostgreSQL' : 'PGlite';
  let portal: PortalProcess | undefined;
  try {
    // The first start migrates and seeds the reference data and the administrator; then the bulk data goes in.
    portal = await startPortalProcess(`portal (${label})`, port, env);
    await portal.stop();
    const seedStarted = performance.now();
    const seeded = await seed(
      throwaway ? { kind: 'postgres', url: throwaway.url } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
      dataDir,
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    portal = await startPortalProcess(`portal (${label})`, port, env);
    const startedRss = watchMemory(portal.pid).stop().peak;
    const databasePid = embeddedDatabasePid(portal.pid);
    const startedDatabaseRss = databasePid === undefined ? undefined : watchMemory(databasePid).stop().peak;
    const { token } = await providerLogin(portal.send, url).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    // Warm up the routes the exports and the reads take (first requests compile schemas and fill caches).
    await fetch(`${url}/api/User`, { headers: auth }).then((r) => r.arrayBuffer());

    const baseline = await (await concurrentReads(url, token, BASELINE_SECONDS)).done;

    const excelFile = path.join(dataDir, 'Lista-candidature-TUR.xlsx');
    const excel = await timedExport(portal, token, async () => {
      const response = await fetch(`${url}/api/DraftCompilazione/DownloadExcelCompilazioni`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ callType: COMPILAZIONE_TYPE.TUR, compilazioniId: seeded.turIds }),
      });
      if (response.status !== 200 || !response.body) throw new Error(`Excel export answered ${response.status}: ${await response.text()}`);
      let bytes = 0;
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(excelFile),
      );
      return `${(bytes / MB).toFixed(1)} MB`;
    });
    const rows = await countWorkbookRows(excelFile);

    const zipOut = process.env.BENCH_ZIP_OUT;
    let zipBytes = 0;
    let entries = -1;
    const zip = await timedExport(portal, token, async () => {
      const response = await fetch(`${url}/api/FileUpload/GetZippedFiles?orgId=${seeded.zipOrgId}&type=PUI`, { headers: auth });
      if (response.status !== 200 || !response.body) throw new Error(`zip answered ${response.status}: ${await response.text()}`);
      // The last chunks, enough to hold the end-of-central-directory record (≤ 65,557 bytes).
      const tail: Buffer[] = [];
      let tailBytes = 0;
      const sink = zipOut ? createWriteStream(zipOut) : new Writable({ write: (_chunk, _encoding, callback) => callback() });
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            zipBytes += chunk.length;
            tail.push(chunk);
            tailBytes += chunk.length;
            while (tailBytes - tail[0]!.length >= 65_558) tailBytes -= tail.shift()!.length;
            yield chunk;
          }
        },
        sink,
      );
      entries = zipEntryCount(Buffer.concat(tail));
      return `${mb(zipBytes)}`;
    });

    const lines = [
      '',
      `Heavy exports on ${label} (${portal.command} in its own process, pid ${portal.pid}; seeded in ${seedSeconds.toFixed(0)} s; ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${availableParallelism()} CPUs)`,
      `  server RSS once started (answering HTTP)  ${mb(startedRss)}`,
      ...(startedDatabaseRss === undefined
        ? []
        : [`  embedded database process (PGlite, pid ${databasePid}) RSS once started  ${mb(startedDatabaseRss)}`]),
      `  concurrent read: GET /api/User, ${READ_CONNECTIONS} connections, ${READ_RATE} req/s (autocannon in a process of its own)`,
      `  reads without an export (${BASELINE_SECONDS} s)                ${reads(baseline)}`,
      `  (a) Excel of ${APPLICATIONS.toLocaleString('en')} TUR applications: ${excel.detail} in ${excel.seconds.toFixed(1)} s; read back: ${rows.toLocaleString('en')} rows ${rows === APPLICATIONS ? 'ok' : `WRONG (expected ${APPLICATIONS})`}`,
      `      server RSS ${mb(excel.start)} before, peak ${mb(excel.peak)} (+${mb(excel.peak - excel.start)})   target < ${RSS_TARGET_MB} MB: ${verdict(excel.peak < RSS_TARGET_MB * MB)}`,
      ...databaseLine(excel.database),
      `      reads during the export                   ${reads(excel.read)}   target p99 < ${P99_TARGET_MS} ms: ${verdict(excel.read.p99 < P99_TARGET_MS)}`,
      `  (b) zip of ${seeded.zipFiles} attachments (${mb(seeded.zipBytes)} of random bytes): ${zip.detail} in ${zip.seconds.toFixed(1)} s (${(zipBytes / MB / zip.seconds).toFixed(0)} MB/s); entries ${entries === seeded.zipFiles ? `${entries} ok` : `WRONG (${entries}, expected ${seeded.zipFiles})`}`,
      `      server RSS ${mb(zip.start)} before, peak ${mb(zip.peak)} (+${mb(zip.peak - zip.start)})   target < ${RSS_TARGET_MB} MB: ${verdict(zip.peak < RSS_TARGET_MB * MB)}`,
      ...databaseLine(zip.database),
      `      reads during the export                   ${reads(zip.read)}   target p99 < ${P99_TARGET_MS} ms: ${verdict(zip.read.p99 < P99_TARGET_MS)}`,
    ];
    if (!excel.hwmReset) lines.push('  (VmHWM could not be reset: peaks are the 10 ms samples of VmRSS only)');
    console.log(lines.join('\n'));
  } finally {
    await portal?.stop();
    await throwaway?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_SKIP_PGLITE !== '1') await run(undefined);
if (process.env.DATABASE_URL) await run(process.env.DATABASE_URL);
console.log('');
