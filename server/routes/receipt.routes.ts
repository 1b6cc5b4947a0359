import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import { receiptIdQuerySchema, receiptListSchema, receiptSummarySchema, receiptsOfApplicationQuerySchema } from '../../domain/receipts.ts';
import type { Db } from '../db/client.ts';
import { OwnedObject, type RouteAccess } from '../auth/access.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import { HttpError } from '../errors.ts';
import { receiptById, receiptsOfApplication, summaryOf } from '../receipts/receipts.ts';
import type { StoredReceipts } from '../receipts/storedReceipts.ts';
import { errorResponses } from './errorResponses.ts';
import { fileResponse } from './fileResponse.ts';

const m = receiptsMessages;

export interface ReceiptRouteOptions {
  db: Db;
  repository: ApplicationRepository;
  /** The PDF, rendered once and then read from the file store. */
  storedReceipts: StoredReceipts;
}

/**
 * /api/Receipt/…: the receipts of an application and each receipt's
 * PDF, for the members of its organisation and the platform administrators. Another organisation's receipt or
 * application answers exactly as one that does not exist.
 */
export const receiptRoutes: FastifyPluginAsync<ReceiptRouteOptions> = async (app, { db, repository, storedReceipts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const application = new OwnedObject(
    'application (applicationId)',
    async (request) => repository.byId((request.query as { applicationId: string }).applicationId),
    () => new HttpError(404, 'not_found', m.applicationNotFound),
  );
  const readReceipts: RouteAccess = { who: 'member', organization: application, mode: 'read' };
  api.get(
    '/api/Receipt/GetReceipts',
    {
      config: { access: readReceipts },
      schema: {
        querystring: receiptsOfApplicationQuerySchema,
        response: { 200: receiptListSchema, ...errorResponses(readReceipts, [403]) },
      },
    },
    async (request) => receiptsOfApplication(db, application.of(request).id),
  );

  /** One receipt that may be read, or the 404 of one that does not exist. */
  const receipt = new OwnedObject(
    'receipt (receiptId)',
    async (request) => receiptById(db, (request.query as { receiptId: string }).receiptId),
    () => new HttpError(404, 'not_found', m.notFound),
  );
  const readReceipt: RouteAccess = { who: 'member', organization: receipt, mode: 'read' };

  api.get(
    '/api/Receipt/GetReceipt',
    {
      config: { access: readReceipt },
      schema: { querystring: receiptIdQuerySchema, response: { 200: receiptSummarySchema, ...errorResponses(readReceipt, [403]) } },
    },
    async (request) => summaryOf(receipt.of(request)),
  );

  api.get(
    '/api/Receipt/DownloadReceipt',
    {
      config: { access: readReceipt },
      schema: {
        querystring: receiptIdQuerySchema,
        response: {
          200: fileResponse('Ricevuta-{protocollo}.pdf: la ricevuta della consegna, sempre identica.', ['application/pdf']),
          ...errorResponses(readReceipt, [403]),
        },
      },
    },
    async (request, reply) => {
      const found = receipt.of(request);
      const pdf = await storedReceipts.pdfOf(found);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', attachmentDisposition(m.fileName(found.protocol)))
        .send(Readable.from(pdf));
    },
  );
};
