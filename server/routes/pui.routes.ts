import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationIncompleteSchema, puiCompilationSchema } from '../../domain/application.ts';
import { messages } from '../../domain/messages.ts';
import type { PuiApplication } from '../../domain/pui/puiApplication.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { fieldErrorSchema } from '../../domain/validation.ts';
import { requireUser } from '../auth/authenticate.ts';
import { applicationErrors, registerCompilationRoutes, type ApplicationRouteOptions } from '../applications/fundRoutes.ts';
import { SubmissionRefused, type ApplicationSubmission, type FundSubmission } from '../applications/submitApplication.ts';
import { HttpError } from '../errors.ts';

export interface PuiRouteOptions extends ApplicationRouteOptions {
  submissions: ApplicationSubmission;
  puiSubmission: FundSubmission<PuiApplication>;
}

const organizationIdOf = (body: unknown) =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).organizationId : undefined;

/** /api/Pui/…: the integrated-urban-plans fund's application (spec §7, Applications). */
export const puiRoutes: FastifyPluginAsync<PuiRouteOptions> = async (app, options) => {
  registerCompilationRoutes(app, 'PUI', options);
  const { membership, repository, submissions, puiSubmission } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Submit (spec §4 Candidatura Sottomessa): the whole PUI form values with organizationId. Members of that
   * organisation only (platform admins never submit). 400 for a body of the wrong shape, 422 listing what is
   * missing or wrong, 409 when a different application was already submitted; the same submission again
   * answers 200 as the first time. Answers the compilation as GetPuiCompilazione does, with the stored `body`.
   */
  api.post(
    '/api/Pui/CreatePui',
    {
      schema: {
        body: z.unknown().describe('PuiApplication (domain/pui/puiApplication.ts); status, allegatoId, warningsPui and computed values are ignored'),
        response: { 200: puiCompilationSchema, ...applicationErrors, 400: fieldErrorSchema, 422: applicationIncompleteSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (isAdminRole(user.roles)) throw new HttpError(403, 'forbidden', messages.puiSubmit.adminCannotSubmit);
      const access = await membership.requireMember(request, organizationIdOf(request.body));
      try {
        const row = await submissions.submit(puiSubmission, {
          organizationId: access.organization.id,
          body: request.body,
          actor: { role: 'applicant', userId: access.user.id },
        });
        // Warnings are for the reviewers (spec §5): the applicant's answer carries none.
        const { warnings, ...view } = await repository.compilationOfRow(row, { withWarnings: false });
        return { ...view, warningsPui: warnings };
      } catch (error) {
        if (error instanceof SubmissionRefused) return reply.code(error.statusCode).send(error.body);
        throw error;
      }
    },
  );
};
