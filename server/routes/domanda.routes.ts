import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  domandaQuerySchema,
  domandaSignatureSchema,
  domandaStatusSchema,
  signedDomandaFormSchema,
  signedDomandaQuerySchema,
} from '../../domain/domandaSignature.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { parseCallType } from '../applications/callType.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { callerOf, organizationAccessOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import { assertMultipartContentType, MULTIPART_OVERHEAD_BYTES, uploadClientError } from '../attachments/upload.ts';
import { MAX_SIGNED_DOMANDA_BYTES, type SignatureActor, type SignedDomanda } from '../domanda/signedDomanda.ts';
import { HttpError } from '../errors.ts';
import { errorResponses } from './errorResponses.ts';
import { fileResponse } from './fileResponse.ts';

const m = domandaSignatureMessages;

export interface DomandaRouteOptions {
  signedDomanda: SignedDomanda;
  repository: ApplicationRepository;
  funds: readonly FundEntry[];
}

const tooLarge = () => new HttpError(413, 'file_too_large', m.tooLarge(MAX_SIGNED_DOMANDA_BYTES / (1024 * 1024)), { connection: 'close' });

function actorOf(request: FastifyRequest): SignatureActor {
  const user = callerOf(request);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return { userId: user.id, name: name === '' ? (user.email ?? '') : name };
}

/**
 * /api/Domanda/…: the Domanda the legal representative signs (issue 43). Members read its status and download the
 * PDF; Compilatori and Referenti upload the signed file (or, in the trial set-up, have the trial authority sign it);
 * members and platform administrators download the signed file. The hand-over's own check is the submit's.
 */
export const domandaRoutes: FastifyPluginAsync<DomandaRouteOptions> = async (app, { signedDomanda, repository, funds }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_SIGNED_DOMANDA_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
  });

  const read: RouteAccess = { who: 'member', organization: { query: 'orgId' }, mode: 'read' };
  api.get(
    '/api/Domanda/GetDomandaStatus',
    {
      config: { access: read },
      schema: { querystring: domandaQuerySchema, response: { 200: domandaStatusSchema, ...errorResponses(read, [400, 403]) } },
    },
    async (request) =>
      signedDomanda.status(organizationAccessOf(request).organization.id, parseCallType(request.query.callType, funds).fund),
  );

  api.get(
    '/api/Domanda/DownloadDomanda',
    {
      config: { access: read },
      schema: {
        querystring: domandaQuerySchema,
        response: {
          200: fileResponse('Domanda-{fondo}-{P.IVA}.pdf: la domanda da firmare, sempre identica per lo stesso contenuto.', [
            'application/pdf',
          ]),
          ...errorResponses(read, [400, 403, 409]),
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await signedDomanda.download(
        organizationAccessOf(request).organization.id,
        parseCallType(request.query.callType, funds).fund,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', attachmentDisposition(fileName))
        .send(Readable.from(pdf));
    },
  );

  const write: RouteAccess = { who: 'member', organization: { query: 'orgId' }, mode: 'write' };
  /** multipart/form-data with one part, File: the signed Domanda (.p7m or signed PDF). 422 names the check that failed. */
  api.post(
    '/api/Domanda/UploadSignedDomanda',
    {
      onRequest: async (request) => {
        assertMultipartContentType(request.headers['content-type']);
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > MAX_SIGNED_DOMANDA_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      },
      config: { access: write },
      schema: {
        querystring: domandaQuerySchema,
        multipartBody: signedDomandaFormSchema,
        response: { 200: domandaSignatureSchema, ...errorResponses(write, [400, 403, 409, 413, 422]) },
      },
    },
    async (request) => {
      const organizationId = organizationAccessOf(request).organization.id;
      const fund = parseCallType(request.query.callType, funds).fund;
      let file: { bytes: Buffer; fileName: string } | undefined;
      try {
        const part = await request.file();
        if (part) file = { bytes: await part.toBuffer(), fileName: part.filename };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : uploadClientError(error, MAX_SIGNED_DOMANDA_BYTES);
      }
      if (!file || file.bytes.length === 0) throw new HttpError(400, 'file_missing', m.fileMissing);
      return signedDomanda.upload(organizationId, fund, file, actorOf(request));
    },
  );

  /** The trial set-up only (no trust list configured): the trial authority signs the Domanda as the legal representative. */
  const trialSign: RouteAccess = { who: 'member', organization: { body: 'orgId' }, mode: 'write' };
  api.post(
    '/api/Domanda/TrialSignDomanda',
    {
      config: { access: trialSign },
      schema: { body: domandaQuerySchema, response: { 200: domandaSignatureSchema, ...errorResponses(trialSign, [400, 403, 409, 422]) } },
    },
    async (request) =>
      signedDomanda.trialSign(
        organizationAccessOf(request).organization.id,
        parseCallType(request.body.callType, funds).fund,
        actorOf(request),
      ),
  );

  const application = new OwnedObject(
    'application (applicationId)',
    async (request) => {
      return repository.byId((request.query as { applicationId: string }).applicationId);
    },
    () => new HttpError(404, 'not_found', m.applicationNotFound),
  );
  const readSigned: RouteAccess = { who: 'member', organization: application, mode: 'read' };
  api.get(
    '/api/Domanda/DownloadSignedDomanda',
    {
      config: { access: readSigned },
      schema: {
        querystring: signedDomandaQuerySchema,
        response: {
          200: fileResponse('La domanda firmata digitalmente, come è stata caricata.', ['application/pkcs7-mime', 'application/pdf']),
          ...errorResponses(readSigned, [403]),
        },
      },
    },
    async (request, reply) => {
      const { row, stream } = await signedDomanda.signedFile(application.of(request).id);
      return reply
        .type(row.format === 'PAdES' ? 'application/pdf' : 'application/pkcs7-mime')
        .header('content-length', String(row.size))
        .header('content-disposition', attachmentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );
};
