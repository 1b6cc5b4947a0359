import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import { receiptIdQuerySchema, receiptListSchema, receiptSummarySchema, receiptsOfApplicationQuerySchema } from '../../domain/receipts.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import type { Db } from '../db/client.ts';
import type { Membership } from '../auth/membership.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import { HttpError } from '../errors.ts';
import { receiptById, receiptsOfApplication, summaryOf } from '../receipts/receipts.ts';
import { renderReceiptPdf } from '../receipts/receiptPdf.ts';
import { fileResponse } from './fileResponse.ts';

const m = receiptsMessages;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

function parseId(value: string, message: string, error: 'invalid_application_id' | 'invalid_receipt_id'): string {
  if (!UUID_PATTERN.test(value)) throw new HttpError(400, error, message);
  return value.toLowerCase();
}

export interface ReceiptRouteOptions {
  db: Db;
  membership: Membership;
  repository: ApplicationRepository;
}

/**
 * /api/Receipt/…: the receipts of an application and each receipt's
 * PDF, for the members of its organisation and the platform administrators. Another organisation's receipt or
 * application answers exactly as one that does not exist.
 */
export const receiptRoutes: FastifyPluginAsync<ReceiptRouteOptions> = async (app, { db, membership, repository }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Receipt/GetReceipts',
    { schema: { querystring: receiptsOfApplicationQuerySchema, response: { 200: receiptListSchema, ...errors } } },
    async (request) => {
      const notFound = () => new HttpError(404, 'not_found', m.applicationNotFound);
      const id = parseId(request.query.applicationId, m.applicationIdInvalid, 'invalid_application_id');
      const application = await repository.byId(id);
      if (!application) throw notFound();
      await membership.requireMember(request, application.organizationId, { allowAdmin: 'read', notFound });
      return receiptsOfApplication(db, application.id);
    },
  );

  /** One receipt that may be read, or the 404 of one that does not exist. */
  async function readableReceipt(request: Parameters<Membership['requireMember']>[0], receiptId: string) {
    const notFound = () => new HttpError(404, 'not_found', m.notFound);
    const receipt = await receiptById(db, parseId(receiptId, m.idInvalid, 'invalid_receipt_id'));
    if (!receipt) throw notFound();
    await membership.requireMember(request, receipt.organizationId, { allowAdmin: 'read', notFound });
    return receipt;
  }

  api.get(
    '/api/Receipt/GetReceipt',
    { schema: { querystring: receiptIdQuerySchema, response: { 200: receiptSummarySchema, ...errors } } },
    async (request) => summaryOf(await readableReceipt(request, request.query.receiptId)),
  );

  api.get(
    '/api/Receipt/DownloadReceipt',
    {
      schema: {
        querystring: receiptIdQuerySchema,
        response: {
          200: fileResponse('Ricevuta-{protocollo}.pdf: la ricevuta della consegna, sempre identica.', ['application/pdf']),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const receipt = await readableReceipt(request, request.query.receiptId);
      const pdf = await renderReceiptPdf(receipt);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', attachmentDisposition(m.fileName(receipt.protocol)))
        .send(Readable.from(pdf));
    },
  );
};
