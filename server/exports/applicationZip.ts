import type { Readable } from 'node:stream';
import type yazl from 'yazl';
import type { Fund } from '../../domain/applicationStatus.ts';
import { ATTACHMENT_PURPOSES } from '../../domain/attachments.ts';
import type { AttachmentRepository } from '../attachments/repository.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import type { ReadBuffers } from '../storage/readBuffers.ts';
import {
  applicationArchiveEntries,
  deflateInArchive,
  type ArchiveEntry,
  type ArchivedMonitoringSurvey,
  type ArchivedReceipt,
  type ArchivedSignedDomanda,
  type ArchivedSurvey,
} from './applicationArchive.ts';

/** Where an application's zip takes its files and texts from (server/app.ts supplies them). */
export interface ArchiveSources {
  repository: Pick<AttachmentRepository, 'typesOf' | 'filesOf' | 'integrationRoundNumbers'>;
  /** The review's answers as text (server/surveys/archivedAnswers.ts). */
  reviewAnswers: (organizationId: string, fund: Fund) => Promise<ArchivedSurvey[]>;
  /** Every monitoring period's answers as text (server/surveys/archivedAnswers.ts). */
  monitoringAnswers: (organizationId: string, fund: Fund) => Promise<ArchivedMonitoringSurvey[]>;
  /** The receipts of the application's hand-overs as PDFs (server/receipts/receipts.ts). */
  receipts?: (organizationId: string, fund: Fund) => Promise<ArchivedReceipt[]>;
  /** The signed Domanda of the application (issue 43). */
  signedDomanda?: (organizationId: string, fund: Fund) => Promise<ArchivedSignedDomanda | null>;
}

/** Everything of one organisation's application to `fund` that its zip holds (server/exports/applicationArchive.ts). */
export async function archiveEntriesOf(sources: ArchiveSources, organizationId: string, fund: Fund): Promise<ArchiveEntry[]> {
  const { repository } = sources;
  const [types, files, integrationRounds, reviewSurveys, monitoringSurveys, receiptFiles, signed] = await Promise.all([
    Promise.all(ATTACHMENT_PURPOSES.map((purpose) => repository.typesOf(fund, purpose))).then((lists) => lists.flat()),
    repository.filesOf(organizationId, fund),
    repository.integrationRoundNumbers(organizationId, fund),
    sources.reviewAnswers(organizationId, fund),
    sources.monitoringAnswers(organizationId, fund),
    sources.receipts?.(organizationId, fund) ?? [],
    sources.signedDomanda?.(organizationId, fund) ?? null,
  ]);
  return applicationArchiveEntries({
    types,
    files,
    integrationRounds,
    reviewSurveys,
    monitoringSurveys,
    receipts: receiptFiles,
    signedDomanda: signed,
  });
}

/**
 * Adds `entries` to `zip` under `folder` (empty, or ending with '/'): texts and bytes at once, each stored file read
 * only when the zip reaches it and piped through with backpressure, never buffered whole; already-compressed formats
 * stored, not deflated again. Answers the names of the files the storage no longer holds (left out). `output` is
 * the zip's stream: once it is destroyed (the download closed) a file opened late is closed at once, and `reading`
 * holds the files being read so the caller can close them.
 */
export async function addArchiveEntries(
  zip: yazl.ZipFile,
  entries: readonly ArchiveEntry[],
  options: { storage: FileStorage; folder?: string; buffers?: ReadBuffers; output: Readable; reading?: Set<Readable> },
): Promise<string[]> {
  const { storage, folder = '', buffers, output, reading } = options;
  const present = await Promise.all(entries.map((entry) => ('file' in entry ? storage.exists(entry.file.storageKey) : true)));
  const missing: string[] = [];
  entries.forEach((entry, index) => {
    const name = folder + entry.name;
    if ('text' in entry) {
      zip.addBuffer(Buffer.from(entry.text, 'utf8'), name);
      return;
    }
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, name, { compress: false });
      return;
    }
    if (!present[index]) {
      missing.push(entry.name);
      return;
    }
    const { file } = entry;
    zip.addReadStreamLazy(name, { mtime: file.createdAt, size: file.size, compress: deflateInArchive(file.contentType) }, (callback) => {
      storage.openRead(file.storageKey, buffers).then(
        (stream) => {
          if (output.destroyed) {
            stream.destroy();
            return;
          }
          reading?.add(stream);
          stream.once('close', () => reading?.delete(stream));
          callback(null, stream);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null as never),
      );
    });
  });
  return missing;
}
