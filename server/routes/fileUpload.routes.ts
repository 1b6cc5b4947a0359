import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { parseCallType } from '../applications/callType.ts';
import {
  attachmentOrgQuerySchema,
  attachmentSlotListSchema,
  attachmentTypesQuerySchema,
  attachmentValidationSchema,
  downloadQuerySchema,
  FILE_KINDS,
  removeAttachmentResponseSchema,
  uploadFileFormSchema,
  uploadFileResponseSchema,
  zippedAttachmentsFileName,
  zippedFilesQuerySchema,
  type AttachmentPurpose,
} from '../../domain/attachments.ts';
import { displayFileName } from '../../domain/fileName.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import type { AttachmentRepository } from '../attachments/repository.ts';
import { attachmentSlotsOf, attachmentValidationOf } from '../attachments/slots.ts';
import { assertMultipartContentType, MULTIPART_OVERHEAD_BYTES, receiveUpload, tooLarge } from '../attachments/upload.ts';
import { callerOf, organizationAccessOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import type { ExportLog } from '../timeline/exportLog.ts';
import { HttpError } from '../errors.ts';
import { errorResponses } from './errorResponses.ts';
import { fileResponse } from './fileResponse.ts';
import { addArchiveEntries, archiveEntriesOf, type ArchiveSources } from '../exports/applicationZip.ts';
import { StoredFileNotFoundError, type FileStorage } from '../storage/fileStorage.ts';
import { createReadBuffers, releaseWhenSent } from '../storage/readBuffers.ts';
import type { AttachmentRow } from '../db/schema/attachments.ts';
import { MEDIA_TYPES } from '../http/mediaTypes.ts';

/** The purposes whose slots the slot routes list. */
type SlotPurpose = Exclude<AttachmentPurpose, 'monitoring'>;

const m = attachmentsMessages;
/** What GetFile may answer: every kind of file the server recognises and stores. */
const STORED_CONTENT_TYPES = [...new Set(Object.values(FILE_KINDS).map((kind) => kind.contentType))];

/** What the handlers of this file may answer beside their access's refusals. */
const HANDLER_ERRORS = [400, 403, 404, 409, 413, 415, 507] as const;
/** A read's: no conflict, no body too large or of the wrong type, no storage to run out of. */
const READ_ERRORS = [400, 403, 404] as const;

export interface FileUploadRouteOptions {
  repository: AttachmentRepository;
  storage: FileStorage;
  /** MAX_UPLOAD_MB in bytes. */
  maxUploadBytes: number;
  /** The registered funds (server/app.ts). */
  funds: readonly FundEntry[];
  /** What an application's zip holds beside its attachments (server/exports/applicationZip.ts). */
  archive: Omit<ArchiveSources, 'repository'>;
  /** Each zip downloaded is logged with its application (issue 44: the timeline says who took its files). */
  exportLog?: ExportLog;
}

/** A file that does not exist, and one of an organisation the caller may not see: the same answer. */
const fileNotFound = () => new HttpError(404, 'attachment_not_found', m.notFound);

/** The bytes of a stored file as a download: never rendered by the browser, never sniffed. */
async function sendStoredFile(reply: FastifyReply, storage: FileStorage, file: AttachmentRow) {
  let stream;
  try {
    stream = await storage.openRead(file.storageKey);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw new HttpError(404, 'attachment_not_found', m.notFound);
    throw error;
  }
  return reply
    .type(file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(stream);
}

/**
 * /api/FileUpload/…: the application attachments (spec §2 Attachment slot widget, §3, §5, §7 Files).
 * Members upload and remove their organisation's files until the application is submitted; members
 * and platform administrators list and download them; administrators download them all as one zip.
 */
export const fileUploadRoutes: FastifyPluginAsyncZod<FileUploadRouteOptions> = async (app, options) => {
  const { repository, storage, maxUploadBytes, funds, exportLog } = options;
  const archive: ArchiveSources = { ...options.archive, repository };
  const fileById = new OwnedObject(
    'file (downloadId)',
    async (request) => repository.byId((request.query as { downloadId: string }).downloadId),
    fileNotFound,
  );
  /** An organisation's slots and checks: its members, and platform administrators, who read them. */
  const readFiles: RouteAccess = { who: 'member', organization: { query: 'orgId' }, mode: 'read' };

  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 50 },
  });

  /** Refused by its announced type and length before a byte of the body is read. */
  async function refuseUnreadableBody(request: FastifyRequest) {
    assertMultipartContentType(request.headers['content-type']);
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxUploadBytes);
  }

  /**
   * multipart/form-data: File, Nome, Descrizione, TipoFileId, OrgId, CallType (spec §3). Answers
   * `{ id, fileName, … }`. 413 too large, 415 not what the slot accepts, 400 empty, 409 submitted. Members only: the
   * OrgId field arrives in the stream, so the handler checks it (receiveUpload) as soon as it is read.
   */
  const upload: RouteAccess = { who: 'member', organization: { body: 'OrgId' }, mode: 'write', checkedIn: 'handler' };
  app.post(
    '/api/FileUpload/UploadFile',
    {
      onRequest: refuseUnreadableBody,
      config: { access: upload },
      schema: {
        multipartBody: uploadFileFormSchema,
        response: { 200: uploadFileResponseSchema, ...errorResponses(upload, HANDLER_ERRORS) },
      },
    },
    (request) => receiveUpload(request, { repository, storage, maxBytes: maxUploadBytes, funds }),
  );

  /** The file itself, for members of its organisation and platform administrators. */
  const readFile: RouteAccess = { who: 'member', organization: fileById, mode: 'read' };
  app.get(
    '/api/FileUpload/GetFile',
    {
      config: { access: readFile },
      schema: {
        querystring: downloadQuerySchema,
        response: { 200: fileResponse(m.storedFile, STORED_CONTENT_TYPES), ...errorResponses(readFile, READ_ERRORS) },
      },
    },
    async (request, reply) => sendStoredFile(reply, storage, fileById.of(request)),
  );

  /** Removes a file (DELETE, spec §7 "delete by downloadId"). Members only, until the application is submitted. */
  const removeFile: RouteAccess = { who: 'member', organization: fileById, mode: 'write' };
  app.delete(
    '/api/FileUpload/RemoveAttachement',
    {
      config: { access: removeFile },
      schema: {
        querystring: downloadQuerySchema,
        response: { 200: removeAttachmentResponseSchema, ...errorResponses(removeFile, HANDLER_ERRORS) },
      },
    },
    async (request) => {
      const file = fileById.of(request);
      const type = await repository.typeById(file.attachmentTypeId);
      const key = await repository.remove(file, type?.purpose ?? 'application');
      await storage.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'removed attachment not deleted'));
      return { removed: true as const, downloadId: file.id };
    },
  );

  /**
   * What the organisation uploaded in the fund's slots of one purpose: the integration's only for the round now open
   * or, once completed, the latest (spec §2 "Allegati Integrazione").
   */
  async function slotsOf(organizationId: string, fund: Fund, purpose: SlotPurpose) {
    const [types, files, roundId] = await Promise.all([
      repository.typesOf(fund, purpose),
      repository.filesOf(organizationId, fund, purpose),
      purpose === 'integration' ? repository.currentIntegrationRound(organizationId, fund) : undefined,
    ]);
    if (purpose !== 'integration') return { types, files };
    return { types, files: roundId === undefined ? [] : files.filter((file) => file.integrationRoundId === roundId) };
  }

  /**
   * The slot routes, members and platform administrators: each lists the slots of one purpose with what is uploaded
   * in each (spec §7 GetAttachmentTypes, GetAttachmentIntegrations, GetIstruttoriaGresbAttachmentTypes: the review's
   * DNSH declarations with their templates, then the optional schede), or says per fund whether every mandatory one
   * holds a file (FileUploadValidation{Fund}; FilesUploadIstGresb{Fund}Validation, which enables the review survey's
   * Invia, spec §5).
   */
  const slotLists: [path: string, purpose: SlotPurpose][] = [
    ['/api/FileUpload/GetAttachmentTypes', 'application'],
    ['/api/FileUpload/GetAttachmentIntegrations', 'integration'],
    ['/api/FileUpload/GetIstruttoriaGresbAttachmentTypes', 'review'],
  ];
  for (const [path, purpose] of slotLists) {
    app.get(
      path,
      {
        config: { access: readFiles },
        schema: {
          querystring: attachmentTypesQuerySchema,
          response: { 200: attachmentSlotListSchema, ...errorResponses(readFiles, READ_ERRORS) },
        },
      },
      async (request) => {
        const fund = parseCallType(request.query.callType, funds).fund as Fund;
        const { types, files } = await slotsOf(organizationAccessOf(request).organization.id, fund, purpose);
        return attachmentSlotsOf(types, files);
      },
    );
  }
  for (const { fund, controller } of funds) {
    const validations: [path: string, purpose: SlotPurpose][] = [
      [`/api/FileUpload/FilesUploadIstGresb${controller}Validation`, 'review'],
      [`/api/FileUpload/FileUploadValidation${controller}`, 'application'],
    ];
    for (const [path, purpose] of validations) {
      app.get(
        path,
        {
          config: { access: readFiles },
          schema: {
            querystring: attachmentOrgQuerySchema,
            response: { 200: attachmentValidationSchema, ...errorResponses(readFiles, READ_ERRORS) },
          },
        },
        async (request) => {
          const { types, files } = await slotsOf(organizationAccessOf(request).organization.id, fund as Fund, purpose);
          return attachmentValidationOf(types, files);
        },
      );
    }
  }

  /**
   * Everything of one application as "Allegati{Tur|Pui}-{orgName}.zip", streamed as it is written: its attachments,
   * integration documents, DNSH files, review and monitoring answers, receipts and signed Domanda
   * (server/exports/applicationArchive.ts). Platform administrators only.
   */
  const zipOfApplication: RouteAccess = { who: 'admin', organization: { query: 'orgId' } };
  app.get(
    '/api/FileUpload/GetZippedFiles',
    {
      config: { access: zipOfApplication },
      schema: {
        querystring: zippedFilesQuerySchema,
        response: { 200: fileResponse(m.zipOfApplication, [MEDIA_TYPES.zip]), ...errorResponses(zipOfApplication, READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const fund = parseCallType(request.query.type, funds).fund as Fund;
      const { organization } = organizationAccessOf(request);
      const entries = await archiveEntriesOf(archive, organization.id, fund);
      if (entries.length === 0) throw new HttpError(404, 'no_attachments', m.zipEmpty);
      await exportLog?.recordOf({ kind: 'application_zip', fund, organizationId: organization.id, user: callerOf(request) });

      const zip = new yazl.ZipFile();
      const output = zip.outputStream as Readable;
      // Files are read into a few buffers reused once the response has sent them (a gigabyte would otherwise go
      // through as many fresh 64 KB buffers, garbage awaiting the collector): server/storage/readBuffers.ts.
      const buffers = createReadBuffers();
      releaseWhenSent(reply.raw, buffers);
      // The download closed before the end (cancelled, connection lost): the file being read is closed now,
      // not left open and paused until garbage collection.
      const reading = new Set<Readable>();
      output.once('close', () => {
        for (const stream of reading) stream.destroy();
      });
      const missing = await addArchiveEntries(zip, entries, { storage, buffers, output, reading });
      if (missing.length > 0) {
        request.log.error({ organizationId: organization.id, fund, missing }, 'attachments missing from storage');
        zip.addBuffer(Buffer.from(m.zipMissingFiles(missing), 'utf8'), m.zipMissingFilesName);
      }
      zip.on('error', (error: Error) => {
        if (output.destroyed) return; // the download was closed: nothing failed
        request.log.error({ err: error }, 'zip of attachments failed');
        output.destroy(error);
      });
      zip.end();

      return reply
        .type(MEDIA_TYPES.zip)
        .header(
          'content-disposition',
          attachmentDisposition(zippedAttachmentsFileName(fund, displayFileName(organization.name) || m.unnamedOrganization)),
        )
        .header('cache-control', 'private, no-store')
        .send(output);
    },
  );
};
