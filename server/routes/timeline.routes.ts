import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationNoteSchema,
  createNoteBodySchema,
  NOTE_MAX_LENGTH,
  notesQuerySchema,
  updateNoteBodySchema,
} from '../../domain/applicationNotes.ts';
import { timelineQuerySchema, timelineSchema } from '../../domain/applicationTimeline.ts';
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
import { callerOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { EvaluationIncomplete, type Evaluations } from '../evaluations/evaluations.ts';
import { assertJsonWithinLimits } from '../jsonInput.ts';
import type { ItemValueText } from '../integrations/items.ts';
import { applicationTimeline } from '../timeline/applicationTimeline.ts';
import type { ApplicationNotes } from '../timeline/applicationNotes.ts';
import { errorResponses } from './errorResponses.ts';
import type { ApplicationRow } from '../db/schema/applications.ts';

/**
 * /api/Timeline/…: one application's story (issue 44), for administrators (everything) and for the members of its
 * organisation (their view: no private notes, no exports, «Amministrazione» for the administrators);
 * /api/Note/…: the administrators' private notes; and /api/Evaluation/…: the administrators' own evaluation of the
 * application, its form per fund ('Valutazione-Pui'), saved as it is typed and handed over once. Notes and
 * evaluation are the administrators' only: applicants are refused as for every admin route, and never read them
 * anywhere else (their timeline, the exports meant for them). The portal's own controllers: the spec has none.
 */
export const timelineRoutes: FastifyPluginAsyncZod<{
  db: Db;
  repository: ApplicationRepository;
  notes: ApplicationNotes;
  valueText: ItemValueText;
  evaluations: Evaluations;
}> = async (app, { db, repository, notes, valueText, evaluations }) => {
  const adminOnly: RouteAccess = 'admin';
  const notFound = () => new HttpError(404, 'not_found', applicationsMessages.notFound);

  /** The application the request names, or 404 (a malformed id is 400). */
  async function existingApplication(compilazioneId: string): Promise<ApplicationRow> {
    const application = await repository.byId(compilazioneId);
    if (!application) throw notFound();
    return application;
  }
  const existing = async (compilazioneId: string): Promise<string> => (await existingApplication(compilazioneId)).id;

  app.get(
    '/api/Timeline/GetAdminTimeline',
    {
      config: { access: adminOnly },
      schema: {
        querystring: timelineQuerySchema,
        response: {
          200: timelineSchema.describe(
            'Ogni evento della candidatura, dal più vecchio, con chi e quando: anche le note interne e le esportazioni.',
          ),
          ...errorResponses(adminOnly, [400, 404]),
        },
      },
    },
    async (request) => applicationTimeline(db, await existing(request.query.compilazioneId), 'admin', valueText),
  );

  /** The members of the application's organisation (and administrators, who read any); anyone else hears 404. */
  const applicationInQuery = new OwnedObject(
    'application (compilazioneId)',
    async (request) => repository.byId((request.query as { compilazioneId: string }).compilazioneId),
    notFound,
  );
  const readTimeline: RouteAccess = { who: 'member', organization: applicationInQuery, mode: 'read' };
  app.get(
    '/api/Timeline/GetTimeline',
    {
      config: { access: readTimeline },
      schema: {
        querystring: timelineQuerySchema,
        response: {
          200: timelineSchema.describe(
            'La cronologia della candidatura come la legge l\u2019organizzazione: senza note interne, esportazioni né nomi degli amministratori.',
          ),
          ...errorResponses(readTimeline),
        },
      },
    },
    async (request) => applicationTimeline(db, applicationInQuery.of(request).id, 'applicant', valueText),
  );

  app.get(
    '/api/Note/GetNotes',
    {
      config: { access: adminOnly },
      schema: {
        querystring: notesQuerySchema,
        response: {
          200: z
            .array(applicationNoteSchema)
            .describe('Le note interne della candidatura, dalla più vecchia: visibili solo agli amministratori.'),
          ...errorResponses(adminOnly, [400, 404]),
        },
      },
    },
    async (request) => notes.list(await existing(request.query.compilazioneId), callerOf(request)),
  );

  app.post(
    '/api/Note/CreateNote',
    {
      config: { access: adminOnly },
      schema: {
        body: createNoteBodySchema.describe(`Una nuova nota interna (testo semplice, al massimo ${NOTE_MAX_LENGTH} caratteri).`),
        response: { 200: applicationNoteSchema, ...errorResponses(adminOnly, [400, 404]) },
      },
    },
    async (request) => notes.create(await existing(request.body.compilazioneId), request.body.text, callerOf(request)),
  );

  app.post(
    '/api/Note/UpdateNote',
    {
      config: { access: adminOnly },
      schema: {
        body: updateNoteBodySchema.describe('Riscrive una nota interna: solo chi l\u2019ha scritta (403), entro 15 minuti (409).'),
        response: { 200: applicationNoteSchema, ...errorResponses(adminOnly, [400, 404, 409]) },
      },
    },
    async (request) => {
      return notes.update(request.body.id.toLowerCase(), request.body.text, callerOf(request));
    },
  );

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
    async (request) => evaluations.get(await existingApplication(request.query.compilazioneId)),
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
      return evaluations.save(
        await existingApplication(request.body.compilazioneId),
        request.body.answers,
        request.body.version,
        callerOf(request),
      );
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
        return await evaluations.handOver(await existingApplication(request.body.compilazioneId), request.body.version, callerOf(request));
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
