import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/** A server killed mid-upload leaves '<key>.part' files; they are swept at start and periodically. */

const HOUR = 60 * 60 * 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-sweep-'));
const filesDir = path.join(dataDir, 'files');

/** A file where the filesystem store would write `key`, last touched `ageMs` ago. */
function leftover(suffix: '.part' | '', ageMs: number): string {
  const id = randomUUID();
  const file = path.join(filesDir, id.slice(0, 2), `${id}${suffix}`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'metà di un file');
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  return file;
}

async function eventually(check: () => boolean, what: string) {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!check()) throw new Error(`not within 30 s: ${what}`);
}

const killedMidUpload = leftover('.part', 2 * HOUR);
const stillUploading = leftover('.part', 60 * 1000);
const completeButOld = leftover('', 3 * HOUR);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ dataDir, uploadSweep: { everyMs: 300 } });
});
afterAll(() => t.close());

it('at start removes the .part files untouched for over an hour, and nothing else', async () => {
  await eventually(() => !existsSync(killedMidUpload), 'the stale .part removed');
  expect(existsSync(stillUploading)).toBe(true);
  expect(existsSync(completeButOld)).toBe(true);
});

it('keeps sweeping while the portal runs; uploads in between are untouched', async () => {
  const person = await personWithOrganization(t, { name: 'Comune di Spazzola' });
  const crashedLater = leftover('.part', 90 * 60 * 1000);
  const uploaded = await uploadAttachment(
    t,
    person.token,
    { name: 'relazione.pdf', content: samplePdf('relazione') },
    { orgId: person.orgId, callType: 'PUI', typeId: 103 },
  );
  expect(uploaded.statusCode).toBe(200);
  await eventually(() => !existsSync(crashedLater), 'a .part left after the start removed by a later sweep');
  expect(existsSync(stillUploading)).toBe(true);
  const download = await t.get(`/api/FileUpload/GetFile?downloadId=${uploaded.json().id}`, person.token);
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.toString('latin1')).toContain('relazione');
});
