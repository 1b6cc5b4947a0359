import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  evaluationIncompleteSchema,
  evaluationQuerySchema,
  evaluationSchema,
  handOverEvaluationBodySchema,
  saveEvaluationBodySchema,
  savedEvaluationSchema,
} from '../../domain/evaluation.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { evaluationMessages } from '../../domain/messages/evaluation.ts';
import { callerOf, type RouteAccess } from '../auth/access.ts';
import { parseApplicationId } from '../applications/applicationId.ts';
import type { ApplicationRepository, ApplicationRow } from '../applications/repository.ts';
import { HttpError } from '../errors.ts';
import { EvaluationIncomplete, type Evaluations } from '../evaluations/evaluations.ts';
import { assertJsonWithinLimits } from '../jsonInput.ts';
import { errorResponses } from './errorResponses.ts';

/**
 * /api/Evaluation/…: the administrators' own evaluation of an application (issue 44), its form per fund
 * ('Valutazione-Pui'), saved as it is typed and handed over once. Administrators only: applicants are refused as
 * for every admin route, and never read it anywhere else (timeline, exports meant for them). The portal's own
 * controller: the spec has none.
 */
export const evaluationRoutes: FastifyPluginAsyncZod<{ repository: ApplicationRepository; evaluations: Evaluations }> = async (
  app,
  { repository, evaluations },
) => {
  const adminOnly: RouteAccess = 'admin';

  /** The application the request names, or 404 (a malformed id is 400). */
  async function existing(compilazioneId: string): Promise<ApplicationRow> {
    const application = await repository.byId(parseApplicationId(compilazioneId));
    if (!application) throw new HttpError(404, 'not_found', applicationsMessages.notFound);
    return application;
  }

  app.get(
    '/api/Evaluation/GetEvaluation',
    {
      config: { access: adminOnly },
      schema: {
        querystring: evaluationQuerySchema,
        response: {
          200: evaluationSchema.describe('Il modulo di valutazione del fondo e le risposte salvate finora, con chi le ha consegnate.'),
          ...errorResponses(adminOnly, [400, 404]),
        },
      },
    },
    async (request) => evaluations.get(await existing(request.query.compilazioneId)),
  );

  app.post(
    '/api/Evaluation/SaveEvaluation',
    {
      config: { access: adminOnly },
      schema: {
        body: saveEvaluationBodySchema.describe(
          'Le risposte finora, con la versione su cui si basano (0 prima del primo salvataggio): 412 se un altro le ha salvate nel frattempo, 409 dopo la consegna.',
        ),
        response: { 200: savedEvaluationSchema, ...errorResponses(adminOnly, [400, 404, 409, 412]) },
      },
    },
    async (request) => {
      assertJsonWithinLimits(request.body.answers, 'answers');
      return evaluations.save(await existing(request.body.compilazioneId), request.body.answers, request.body.version, callerOf(request));
    },
  );

  app.post(
    '/api/Evaluation/HandOverEvaluation',
    {
      config: { access: adminOnly },
      schema: {
        body: handOverEvaluationBodySchema.describe(
          'Consegna le risposte salvate, se sono ancora la versione indicata (412): 422 elenca le domande da completare; poi la valutazione non si modifica più (409).',
        ),
        response: {
          200: evaluationSchema,
          ...errorResponses(adminOnly, [400, 404, 409, 412]),
          422: evaluationIncompleteSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return await evaluations.handOver(await existing(request.body.compilazioneId), request.body.version, callerOf(request));
      } catch (error) {
        if (!(error instanceof EvaluationIncomplete)) throw error;
        return reply.code(422).send({
          error: 'evaluation_incomplete' as const,
          message: evaluationMessages.incomplete,
          issues: error.issues.map((issue) => ({ field: issue.question, message: evaluationMessages.issue(issue.title, issue.message) })),
        });
      }
    },
  );
};
