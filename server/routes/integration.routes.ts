import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { integrationItemSchema } from '../../domain/integration.ts';
import { answerItemBodySchema } from '../../domain/integrationItems.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import type { Db } from '../db/client.ts';
import { callerOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { HttpError } from '../errors.ts';
import type { IntegrationItems } from '../integrations/items.ts';
import { errorResponses } from './errorResponses.ts';

export interface IntegrationRouteOptions {
  db: Db;
  repository: ApplicationRepository;
  items: IntegrationItems;
}

/**
 * /api/Integration/…: the applicant's answers to an integration request's items (issue 44). Members who write
 * (Compilatore, Referente) of the application's organisation; another organisation's application answers 404 as
 * one that does not exist. An item is answered with a new value for its field (`value`) or a reply saying nothing
 * needs changing (`reply`); an attachment item by uploading a new file. Anything the request does not name is
 * refused (409).
 */
export const integrationRoutes: FastifyPluginAsync<IntegrationRouteOptions> = async (app, { db, repository, items }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const application = new OwnedObject(
    'application (applicationId)',
    async (request) => repository.byId((request.body as { applicationId: string }).applicationId),
    () => new HttpError(404, 'not_found', applicationsMessages.notFound),
  );
  const answer: RouteAccess = { who: 'member', organization: application, mode: 'write' };
  api.post(
    '/api/Integration/AnswerItem',
    {
      config: { access: answer },
      schema: {
        body: answerItemBodySchema,
        response: { 200: integrationItemSchema, ...errorResponses(answer, [409]) },
      },
    },
    async (request) => {
      const { kind, target, value, reply } = request.body;
      return items.answer(db, {
        applicationId: application.of(request).id,
        kind,
        target,
        ...(value !== undefined ? { value } : {}),
        ...(reply !== undefined ? { reply } : {}),
        userId: callerOf(request).id,
      });
    },
  );
};
