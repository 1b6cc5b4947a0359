import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkActionListSchema,
  bulkActionQuerySchema,
  bulkActionSchema,
  bulkCountBodySchema,
  bulkCountSchema,
  createBulkActionBodySchema,
} from '../../domain/bulkActions.ts';
import { bulkActionsMessages } from '../../domain/messages/bulkActions.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import type { BulkActions } from '../applications/bulkActions.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import { callerOf, type RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import { errorResponses } from './errorResponses.ts';
import { fileResponse } from './fileResponse.ts';
import { parseNote } from './fundController.routes.ts';
import { MEDIA_TYPES } from '../http/mediaTypes.ts';

const m = bulkActionsMessages;

/** An action's id: a malformed one is 404 like one that does not exist (nothing to tell apart). */
function actionId(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new HttpError(404, 'not_found', m.notFound);
  return value.toLowerCase();
}

/**
 * /api/BulkAction/…: the admin list's actions on many applications at once (issue 44), the portal's own controller
 * (the spec has none). Platform administrators only. The work is done by server/applications/bulkActions.ts.
 */
export const bulkActionRoutes: FastifyPluginAsyncZod<{ bulkActions: BulkActions }> = async (app, { bulkActions }) => {
  const adminOnly: RouteAccess = 'admin';

  app.post(
    '/api/BulkAction/CountSelection',
    {
      config: { access: adminOnly },
      schema: { body: bulkCountBodySchema, response: { 200: bulkCountSchema.describe(m.api.count), ...errorResponses(adminOnly, [400]) } },
    },
    async (request) => ({ count: await bulkActions.count(request.body.selection) }),
  );

  app.post(
    '/api/BulkAction/CreateBulkAction',
    {
      config: { access: adminOnly },
      schema: {
        body: createBulkActionBodySchema,
        response: { 200: bulkActionSchema.describe(m.api.create), ...errorResponses(adminOnly, [400]) },
      },
    },
    async (request) => bulkActions.create(request.body, callerOf(request), parseNote(request.body.note)),
  );

  app.get(
    '/api/BulkAction/GetBulkAction',
    {
      config: { access: adminOnly },
      schema: {
        querystring: bulkActionQuerySchema,
        response: { 200: bulkActionSchema.describe(m.api.get), ...errorResponses(adminOnly, [404]) },
      },
    },
    async (request) => bulkActions.get(actionId(request.query.id)),
  );

  app.get(
    '/api/BulkAction/GetMyBulkActions',
    {
      config: { access: adminOnly },
      schema: { response: { 200: bulkActionListSchema.describe(m.api.recent), ...errorResponses(adminOnly) } },
    },
    async (request) => bulkActions.recentOf(callerOf(request)),
  );

  app.get(
    '/api/BulkAction/DownloadResult',
    {
      config: { access: adminOnly },
      schema: {
        querystring: bulkActionQuerySchema,
        response: { 200: fileResponse(m.api.result, [MEDIA_TYPES.zip, MEDIA_TYPES.xlsx]), ...errorResponses(adminOnly, [404, 409]) },
      },
    },
    async (request, reply) => {
      const result = await bulkActions.result(actionId(request.query.id), callerOf(request));
      return reply
        .type(result.kind === 'zip' ? MEDIA_TYPES.zip : MEDIA_TYPES.xlsx)
        .header('content-length', String(result.size))
        .header('content-disposition', attachmentDisposition(result.fileName))
        .header('cache-control', 'private, no-store')
        .send(result.stream);
    },
  );
};
