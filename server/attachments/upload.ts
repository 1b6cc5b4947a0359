import { pipeline } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  ATTACHMENT_CONTENT_TYPES,
  FILE_KINDS,
  type FileKind,
  uploadFileFormSchema,
  type UploadFileResponse,
} from '../../domain/attachments.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { parseCallType } from '../applications/callType.ts';
import { fileNameWithExtension, displayFileName } from '../../domain/fileName.ts';
import { messages } from '../../domain/messages.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import type { OrganizationAccess } from '../auth/membership.ts';
import { HttpError } from '../errors.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import {
  ContentInspector,
  kindMatchesFormat,
  UploadTooLargeError,
  UploadWrongFormatError,
  type ContentInspection,
} from './contentInspector.ts';
import type { AttachmentRepository } from './repository.ts';
import { ArchiveSuspiciousError } from './zipInspection.ts';
import type { AttachmentTypeRow } from '../db/schema/attachments.ts';

const m = attachmentsMessages;

/** The multipart fields of spec §3 besides File (domain's uploadFileFormSchema); anything else is ignored. */
type FieldName = Exclude<keyof typeof uploadFileFormSchema.shape, 'File'>;
const FIELD_NAMES = Object.keys(uploadFileFormSchema.shape).filter((name): name is FieldName => name !== 'File');
const DESCRIPTION_MAX_LENGTH = 500;

/** Room for the fields and the multipart framing around the file, when judging a Content-Length. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface UploadDependencies {
  repository: AttachmentRepository;
  storage: FileStorage;
  maxBytes: number;
  /** The registered funds (server/app.ts): the CallType field names one of them. */
  funds: readonly FundEntry[];
}

interface UploadTarget {
  access: OrganizationAccess;
  fund: Fund;
  type: AttachmentTypeRow;
}

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'file_too_large', m.tooLarge(Math.round(maxBytes / (1024 * 1024))), { connection: 'close' });

export const badMultipart = () => new HttpError(400, 'bad_multipart', m.badMultipart);

/**
 * The request's Content-Type before its body is read: a multipart body needs its boundary, or the parser
 * cannot find the parts (busboy throws an error of its own, which would otherwise be a 500).
 */
export function assertMultipartContentType(contentType: string | undefined): void {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) throw new HttpError(400, 'file_missing', m.fileMissing);
  const boundary = /;\s*boundary=("[^"]+"|[^;\s]+)/i.exec(contentType)?.[1]?.replaceAll('"', '');
  if (!boundary || boundary.length > 70) throw badMultipart();
}

const NOT_OF_FORMAT: Record<AttachmentTypeRow['format'], string> = { PDF: m.notPdf, Excel: m.notExcel, Documento: m.notDocument };
const wrongFormat = (format: AttachmentTypeRow['format']) => new HttpError(415, 'unsupported_file_type', NOT_OF_FORMAT[format]);

/** Errors of the multipart parser, of the inspector and of an interrupted request, as the person should read them. */
export function uploadClientError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof UploadTooLargeError) return tooLarge(maxBytes);
  if (error instanceof UploadWrongFormatError) return wrongFormat(error.format);
  if (error instanceof ArchiveSuspiciousError) return new HttpError(415, 'archive_suspicious', m.decompressionBomb);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, 'one_file_only', m.onlyOneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new HttpError(400, 'bad_multipart', messages.generic.badRequest);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'file_missing', m.fileMissing);
  // The disk (or the volume's quota) is full: the store removed what it wrote; the person may retry later.
  if (code === 'ENOSPC' || code === 'EDQUOT') return new HttpError(507, 'insufficient_storage', m.storageFull);
  const message = error instanceof Error ? error.message : '';
  // busboy's words for a body that is not multipart as its header announced.
  if (/boundary not found|malformed part header|malformed/i.test(message)) return badMultipart();
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || /unexpected end|terminated early|aborted/i.test(message)) {
    return new HttpError(400, 'upload_interrupted', m.uploadInterrupted);
  }
  return error;
}

function typeId(value: string | undefined): number {
  if (value === undefined || value.trim() === '') throw new HttpError(400, 'attachment_type_missing', m.typeMissing);
  const id = Number(value.trim());
  if (!Number.isSafeInteger(id)) throw new HttpError(400, 'attachment_type_unknown', m.typeUnknown);
  return id;
}

/**
 * POST /api/FileUpload/UploadFile. The file streams through the inspector into storage; nothing is kept in
 * memory. Who may upload where is checked as soon as the fields are known: before the file when the
 * client sends them first (ours does), otherwise right after it, and then the stored file is deleted if
 * the upload is refused. Any failure leaves neither a file nor a row behind.
 */
export async function receiveUpload(request: FastifyRequest, deps: UploadDependencies): Promise<UploadFileResponse> {
  const { repository, storage, maxBytes, funds } = deps;
  const fields: Partial<Record<FieldName, string>> = {};
  let target: UploadTarget | undefined;
  let stored: { key: string; inspection: ContentInspection; clientName: string } | undefined;

  async function resolveTarget(): Promise<UploadTarget> {
    if (target) return target;
    if (!fields.OrgId) throw new HttpError(400, 'organization_missing', m.organizationMissing);
    // The route's declared access (members of OrgId, server/auth/access.ts), checked now that OrgId is known.
    const access = await request.authorizeOrganization(fields.OrgId);
    const callFund = parseCallType(fields.CallType, funds).fund as Fund;
    const type = await repository.typeById(typeId(fields.TipoFileId));
    if (!type || type.fund !== callFund) throw new HttpError(400, 'attachment_type_unknown', m.typeUnknown);
    await repository.assertEditable(access.organization.id, callFund, type.purpose, type.id);
    target = { access, fund: callFund, type };
    return target;
  }

  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(FIELD_NAMES as readonly string[]).includes(part.fieldname)) continue;
        if (part.valueTruncated) throw new HttpError(400, 'field_too_long', m.fieldTooLong);
        fields[part.fieldname as FieldName] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'File' || stored) {
        part.file.resume();
        throw new HttpError(400, 'one_file_only', m.onlyOneFile);
      }
      const known = fields.OrgId !== undefined && fields.TipoFileId !== undefined && fields.CallType !== undefined;
      const early = known ? await resolveTarget() : undefined;
      const inspector = new ContentInspector({ maxBytes, ...(early ? { expected: early.type.format } : {}) });
      part.file.once('limit', () => inspector.destroy(new UploadTooLargeError()));
      // pipeline() destroys the inspector with the source's error, so storage.put sees every failure.
      const inspected = pipeline(part.file, inspector, () => {});
      const { key } = await storage.put(inspected);
      stored = { key, inspection: inspector.result(), clientName: part.filename };
    }

    if (!stored) throw new HttpError(400, 'file_missing', m.fileMissing);
    const { type, fund: callFund, access } = await resolveTarget();
    const { inspection } = stored;
    if (inspection.size === 0) throw new HttpError(400, 'file_empty', m.empty);
    if (inspection.hasMacros) throw new HttpError(415, 'macro_not_allowed', m.macrosNotAllowed);
    if (!kindMatchesFormat(inspection.kind, type.format)) throw wrongFormat(type.format);

    const { extension, contentType } = FILE_KINDS[inspection.kind as FileKind];
    const fileName = fileNameWithExtension(fields.Nome?.trim() || stored.clientName, extension, m.unnamedFile);
    const description = displayFileName(fields.Descrizione ?? '').slice(0, DESCRIPTION_MAX_LENGTH) || null;

    const { row, replacedKeys } = await repository.add(
      {
        organizationId: access.organization.id,
        fund: callFund,
        attachmentTypeId: type.id,
        storageKey: stored.key,
        fileName,
        description,
        contentType,
        size: inspection.size,
        sha256: inspection.sha256,
        isPdfA: inspection.isPdfA,
        uploadedBy: access.user.id,
      },
      type,
    );
    stored = undefined; // the row owns the file now
    for (const key of replacedKeys) {
      await storage.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'replaced attachment not deleted'));
    }
    return {
      id: row.id,
      fileName: row.fileName,
      attachmentTypeId: row.attachmentTypeId,
      contentType: row.contentType,
      size: row.size,
      sha256: row.sha256,
      isPdfA: row.contentType === ATTACHMENT_CONTENT_TYPES.pdf ? row.isPdfA : null,
      uploadedAt: row.createdAt.toISOString(),
    };
  } catch (error) {
    if (stored) {
      const { key } = stored;
      await storage.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'refused upload not deleted'));
    }
    throw uploadClientError(error, maxBytes);
  }
}
