import { FILE_KINDS, type AttachmentPurpose } from '../../domain/attachments.ts';
import { displayFileName } from '../../domain/fileName.ts';
import { exportsMessages } from '../../domain/messages/exports.ts';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import type { AttachmentRow, AttachmentTypeRow } from '../db/schema/attachments.ts';
import { MEDIA_TYPES } from '../http/mediaTypes.ts';

/**
 * Formats that are compressed already (PDF streams, PNG, JPEG, the zip-based Office formats, zips): deflating
 * them again costs the server's CPU (tens of MB/s of a core on a 1 GB archive) and saves next to nothing, so the
 * zip stores them as they are. The older binary Office formats and texts do shrink, and are deflated.
 */
const ALREADY_COMPRESSED = new Set<string>([
  FILE_KINDS.pdf.contentType,
  FILE_KINDS.png.contentType,
  FILE_KINDS.jpeg.contentType,
  FILE_KINDS.xlsx.contentType,
  FILE_KINDS.docx.contentType,
  FILE_KINDS.pptx.contentType,
  MEDIA_TYPES.zip,
]);

const names = exportsMessages.archive;

/** Whether a stored file of this MIME type goes into the zip deflated (false: stored as it is). */
export function deflateInArchive(contentType: string): boolean {
  return !ALREADY_COMPRESSED.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** One entry of the administrator's zip of an application: a stored file, a text or a document written for the zip. */
export type ArchiveEntry = { name: string; file: AttachmentRow } | { name: string; text: string } | { name: string; bytes: Buffer };

/** A receipt of a hand-over as its PDF (server/receipts/receiptPdf.ts). */
export interface ArchivedReceipt {
  protocol: string;
  pdf: Buffer;
}

/** A survey's answers, already written as text (server/surveys/answersText.ts). */
export interface ArchivedSurvey {
  title: string;
  text: string;
}

/** A monitoring period's answers to one survey: the period's title (its folder in the zip) and the text. */
export interface ArchivedMonitoringSurvey extends ArchivedSurvey {
  period: string;
}

export interface ApplicationArchiveInput {
  /** Every attachment type of the fund, whatever its purpose, in the order the wizard shows them. */
  types: readonly AttachmentTypeRow[];
  files: readonly AttachmentRow[];
  /** The number of each integration round (integration documents are foldered by request). */
  integrationRounds: ReadonlyMap<string, number>;
  /** The review's answers (Istruttoria, Gresb). */
  reviewSurveys: readonly ArchivedSurvey[];
  /** Every monitoring period's answers (server/surveys/archivedAnswers.ts), period by period. */
  monitoringSurveys?: readonly ArchivedMonitoringSurvey[];
  /** The receipts of every hand-over of the application, oldest first. */
  receipts?: readonly ArchivedReceipt[];
  /** The Domanda as its legal representative signed it (issue 43), when there is one. */
  signedDomanda?: ArchivedSignedDomanda | null;
}

/** The signed Domanda's file: the name it was uploaded with and its bytes (a few MB at most). */
export interface ArchivedSignedDomanda {
  fileName: string;
  bytes: Buffer;
}

/** Where a file of each purpose goes in the zip: the application's at the root, the rest in their stage's folder. */
function folderOf(purpose: AttachmentPurpose, file: AttachmentRow, rounds: ReadonlyMap<string, number>): string {
  switch (purpose) {
    case 'application':
      return '';
    case 'integration':
      if (rounds.size > 1 && file.integrationRoundId !== null)
        return names.integrationRoundFolder(rounds.get(file.integrationRoundId) ?? '');
      return names.integrationFolder;
    case 'review':
      return names.reviewDnshFolder;
    case 'monitoring':
      return names.monitoringFolder;
  }
}

/** A name no other entry of the zip has (case-insensitively), numbering copies before the extension. */
function uniqueName(wanted: string, used: Set<string>): string {
  const dot = wanted.lastIndexOf('.');
  const slash = wanted.lastIndexOf('/');
  let name = wanted;
  for (let copy = 2; used.has(name.toLowerCase()); copy++) {
    name = dot > slash + 1 ? `${wanted.slice(0, dot)} (${copy})${wanted.slice(dot)}` : `${wanted} (${copy})`;
  }
  used.add(name.toLowerCase());
  return name;
}

/**
 * Everything an administrator takes away about one application (spec §1 "download zipped attachments";
 * what reviewers of other grant platforms ask for: one complete archive): the application's attachments,
 * each integration round's documents, the review's DNSH files, the review's answers as text, each monitoring
 * period's answers as text (Monitoraggio/<period>/<survey>.txt, beside the monitoring files), the receipt of
 * every hand-over (Ricevute/Ricevuta-<protocollo>.pdf) and the signed Domanda (Domanda firmata/<file>). Entry names
 * are '<type> - <file name>', without path separators of their own, unique in the zip.
 */
export function applicationArchiveEntries(input: ApplicationArchiveInput): ArchiveEntry[] {
  const order = new Map(input.types.map((type, index) => [type.id, index]));
  const typeOf = new Map(input.types.map((type) => [type.id, type]));
  const sorted = [...input.files].sort((a, b) => (order.get(a.attachmentTypeId) ?? 0) - (order.get(b.attachmentTypeId) ?? 0));
  const used = new Set<string>();
  const files = sorted.map((file): ArchiveEntry => {
    const type = typeOf.get(file.attachmentTypeId);
    const base =
      displayFileName(`${type?.name ?? names.attachmentWithoutType} - ${file.fileName}`.replaceAll('/', '-')) ||
      names.attachmentWithoutName;
    return { name: uniqueName(`${folderOf(type?.purpose ?? 'application', file, input.integrationRounds)}${base}`, used), file };
  });
  const surveys = input.reviewSurveys.map((survey): ArchiveEntry => ({
    name: uniqueName(`${names.reviewFolder}${displayFileName(survey.title.replaceAll('/', '-')) || names.surveyWithoutTitle}.txt`, used),
    text: survey.text,
  }));
  const monitoring = (input.monitoringSurveys ?? []).map((survey): ArchiveEntry => {
    const period = displayFileName(survey.period.replaceAll('/', '-')) || names.periodWithoutTitle;
    const title = displayFileName(survey.title.replaceAll('/', '-')) || names.surveyWithoutTitle;
    return { name: uniqueName(`${names.monitoringPeriodFolder(period)}${title}.txt`, used), text: survey.text };
  });
  const receipts = (input.receipts ?? []).map((receipt): ArchiveEntry => ({
    name: uniqueName(`${names.receiptsFolder}${receiptsMessages.fileName(receipt.protocol)}`, used),
    bytes: receipt.pdf,
  }));
  const signed: ArchiveEntry[] = input.signedDomanda
    ? [
        {
          name: uniqueName(
            `${names.signedDomandaFolder}${displayFileName(input.signedDomanda.fileName) || names.attachmentWithoutName}`,
            used,
          ),
          bytes: input.signedDomanda.bytes,
        },
      ]
    : [];
  return [...signed, ...files, ...surveys, ...monitoring, ...receipts];
}
