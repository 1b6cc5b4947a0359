import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../server/db/schema/receipts.ts';
import { receiptPdf } from '../../server/receipts/receipts.ts';
import { createFilesystemStorage } from '../../server/storage/filesystemStorage.ts';
import type { FileStorage } from '../../server/storage/fileStorage.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';

/**
 * A receipt is rendered once (issue 45): the first download lays it out and keeps it in the file store, the next
 * ones read it from there. The store is the real filesystem store, counted; what it answers for the kept key is
 * marked, so a second rendering could not pass for a stored copy.
 */
let t: TestApp;
const real = createFilesystemStorage(mkdtempSync(path.join(tmpdir(), 'pf-receipts-')));
const puts: string[] = [];
const reads: string[] = [];
const storage: FileStorage = {
  ...real,
  async put(source) {
    const stored = await real.put(source);
    puts.push(stored.key);
    return stored;
  },
  async openRead(key, buffers) {
    reads.push(key);
    return real.openRead(key, buffers);
  },
};

beforeAll(async () => {
  t = await createTestApp({ storage, missingRequiredAttachments: async () => [] });
}, 120_000);
afterAll(() => t.close());

describe('a receipt rendered once', () => {
  it('is kept in the file store at its first download and read from there afterwards', async () => {
    const person = await personWithOrganization(t, { name: 'Comune della Ricevuta Unica' });
    const submitted = await t.post('/api/Pui/CreatePui', completePuiApplication(person.orgId), person.token);
    expect(submitted.statusCode).toBe(200);
    const receiptId = submitted.json().receipts[0].id as string;
    const download = () => t.get(`/api/Receipt/DownloadReceipt?receiptId=${receiptId}`, person.token);

    // The hand-over's e-mail attaches the receipt: once it has gone, the receipt was rendered and kept once, by it
    // or by the download, and nothing renders in the background while the reads below are counted.
    await t.notifications.idle();
    const first = await download();
    expect(first.statusCode).toBe(200);
    const [row] = await t.db.select({ pdfKey: receipts.pdfKey }).from(receipts).where(eq(receipts.id, receiptId));
    expect(puts).toContain(row!.pdfKey);
    const kept = puts.length;
    reads.length = 0;
    // The kept bytes are the rendering's, which the snapshot gives again byte for byte.
    expect(Buffer.compare(first.rawPayload, (await receiptPdf(t.db, receiptId))!)).toBe(0);

    const second = await download();
    expect(second.statusCode).toBe(200);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(puts).toHaveLength(kept);
    expect(reads).toEqual([row!.pdfKey]);

    // What the store holds is what is served: no new rendering behind it.
    storage.openRead = async () => Readable.from([Buffer.from('%PDF-1.7 dal file store')]);
    const third = await download();
    expect(third.rawPayload.toString()).toBe('%PDF-1.7 dal file store');
  }, 120_000);
});
