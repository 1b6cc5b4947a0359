import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isEvaluationSurveyName } from '../../domain/evaluation.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { idSchema } from '../../domain/idSchema.ts';
import {
  createSurveyAnswersBodySchema,
  reviewSurveyNames,
  SURVEY_ANSWERS_MAX_CHARS,
  surveyDefinitionSchema,
  surveyDefinitionSummarySchema,
  surveySubmissionSchema,
  surveyValidationSchema,
} from '../../domain/surveys.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { callerOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import { assertJsonWithinLimits } from '../jsonInput.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import { definitionOf, summaryOf, type Surveys } from '../surveys/surveys.ts';
import { errorResponses } from './errorResponses.ts';

const m = surveyMessages;

/** The error answers of a route of this file: its access's, and the ones its handlers give (a read: no 409, 412). */
const errors = (access: RouteAccess) => errorResponses(access, [400, 403, 404, 409, 412]);
const readErrors = (access: RouteAccess, also: readonly (409 | 412)[] = []) => errorResponses(access, [400, 403, 404, ...also]);
const signedIn: RouteAccess = 'user';

export interface SjSurveyRouteOptions {
  repository: ApplicationRepository;
  surveys: Surveys;
  monitoring: Pick<Monitoring, 'periodFor'>;
}

/** The administrators' evaluation forms (issue 44) are theirs only: anyone else hears of no such survey. */
function visibleTo(request: FastifyRequest, row: { name: string } | undefined): boolean {
  return !!row && (!isEvaluationSurveyName(row.name) || isAdminRole(callerOf(request).roles));
}

const monitoraggioQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Answers that do not exist, or that the caller may not see: the same 404 (an id that is no UUID included). */
const submissionNotFound = () => new HttpError(404, 'survey_not_found', m.submissionNotFound);
/** An application that does not exist, or of an organisation the caller may not see. */
const applicationNotFound = () => new HttpError(404, 'not_found', applicationsMessages.notFound);

function parseSurveyId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31 - 1) throw new HttpError(404, 'survey_not_found', m.notFound);
  return id;
}

/** The answers as an object: the spec's clients send them as JSON text, ours as an object. */
function answersOf(json: string | Record<string, unknown>): Record<string, unknown> {
  if (typeof json !== 'string') {
    if (JSON.stringify(json).length > SURVEY_ANSWERS_MAX_CHARS) throw new HttpError(400, 'survey_answers_invalid', m.answersTooLarge);
    return json;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new HttpError(400, 'survey_answers_invalid', m.answersInvalid);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, 'survey_answers_invalid', m.answersInvalid);
  // The body's own limits (server/requestInput.ts) hold for answers sent as text too.
  assertJsonWithinLimits(parsed, 'json');
  return parsed as Record<string, unknown>;
}

/**
 * /api/SJSurvey/… (spec §7 Surveys): the review and monitoring survey definitions, by version, and each
 * application's answers. Members of the application's organisation read and write them while the lifecycle
 * allows; platform administrators read; anyone else hears 404, as for an application that does not exist.
 */
export const sjSurveyRoutes: FastifyPluginAsyncZod<SjSurveyRouteOptions> = async (app, options) => {
  const { repository, surveys, monitoring } = options;

  /** Review answers: null; monitoring: the period asked for (`periodo`) or the current one; undefined before monitoring started. */
  async function periodOf(application: Parameters<Monitoring['periodFor']>[0], monitoraggio: boolean, periodo: string | undefined) {
    if (!monitoraggio) return null;
    return (await monitoring.periodFor(application, periodo)) ?? undefined;
  }

  /**
   * The application `candidaturaId` (of the query, or of the body), whose organisation's members read and write its
   * answers and platform administrators read them. Another organisation's application answers exactly as a missing
   * one; so does an id that is not one.
   */
  const applicationIn = (from: 'query' | 'body') =>
    new OwnedObject(
      `application (${from} candidaturaId)`,
      async (request: FastifyRequest) => repository.byId((request[from] as { candidaturaId: string }).candidaturaId),
      applicationNotFound,
    );
  const askedFor = applicationIn('query');
  const readAnswers: RouteAccess = { who: 'member', organization: askedFor, mode: 'read' };
  const answersIn = applicationIn('body');
  const writeAnswers: RouteAccess = { who: 'member', organization: answersIn, mode: 'write', readOnlyMessage: m.adminCannotWrite };

  app.get(
    '/api/SJSurvey/GetSurveyTypeList',
    { config: { access: signedIn }, schema: { response: { 200: z.array(surveyDefinitionSummarySchema), ...readErrors(signedIn) } } },
    async (request) => (await surveys.typeList()).filter((row) => visibleTo(request, row)),
  );

  app.get(
    '/api/SJSurvey/GetSurveyByType',
    {
      config: { access: signedIn },
      schema: {
        querystring: z.object({ type: z.string().max(100) }),
        response: { 200: surveyDefinitionSummarySchema, ...readErrors(signedIn) },
      },
    },
    async (request) => {
      const row = await surveys.latestByName(request.query.type);
      if (!row || !visibleTo(request, row)) throw new HttpError(404, 'survey_not_found', m.notFound);
      return summaryOf(row);
    },
  );

  app.get(
    '/api/SJSurvey/GetSurveyJsonStructBySurveyID',
    {
      config: { access: signedIn },
      schema: { querystring: z.object({ surveyId: z.string() }), response: { 200: surveyDefinitionSchema, ...readErrors(signedIn) } },
    },
    async (request, reply) => {
      const row = await surveys.definitionById(parseSurveyId(request.query.surveyId));
      if (!row || !visibleTo(request, row)) throw new HttpError(404, 'survey_not_found', m.notFound);
      // A version never changes: the browser may keep it.
      reply.header('cache-control', 'private, max-age=86400, immutable');
      return definitionOf(row);
    },
  );

  /** The answers of the application to the survey `surveyId` names (any version of it); null before the first save. */
  app.get(
    '/api/SJSurvey/GetSurveySubmssionbySurveyId',
    {
      config: { access: readAnswers },
      schema: {
        querystring: z.object({
          surveyId: z.string(),
          candidaturaId: idSchema,
          monitoraggio: monitoraggioQuery,
          periodo: idSchema.optional(),
        }),
        response: { 200: surveySubmissionSchema.nullable(), ...readErrors(readAnswers) },
      },
    },
    async (request) => {
      const application = askedFor.of(request);
      const definition = await surveys.definitionById(parseSurveyId(request.query.surveyId));
      if (!definition || !reviewSurveyNames(surveys.fundOf(application)).includes(definition.name)) {
        throw new HttpError(404, 'survey_not_found', m.notFound);
      }
      const periodId = await periodOf(application, request.query.monitoraggio, request.query.periodo);
      if (periodId === undefined) return null;
      return surveys.submissionOf(application, definition.name, periodId);
    },
  );

  /** Whether the surveys can be handed over, and what is missing by survey and question (the wizard's guide to Invia). */
  app.get(
    '/api/SJSurvey/GetSurveyValidation',
    {
      config: { access: readAnswers },
      schema: {
        querystring: z.object({ candidaturaId: idSchema, monitoraggio: monitoraggioQuery, periodo: idSchema.optional() }),
        response: { 200: surveyValidationSchema, ...readErrors(readAnswers, [409]) },
      },
    },
    async (request) => {
      const application = askedFor.of(request);
      const periodId = await periodOf(application, request.query.monitoraggio, request.query.periodo);
      // Monitoring never opened: nothing can be handed over yet.
      if (periodId === undefined) return { complete: false, issues: [], missingAttachments: [] };
      return surveys.validation(application, periodId);
    },
  );

  for (const fund of surveys.funds) {
    /** Answers by their own id: those of another organisation's application answer as answers that do not exist. */
    const submission = new OwnedObject(
      'survey answers (submissionId)',
      async (request) => {
        const found = await surveys.submissionById((request.query as { submissionId: string }).submissionId);
        return found && found.application.fund === fund.fund ? { ...found, organizationId: found.application.organizationId } : undefined;
      },
      submissionNotFound,
    );
    const readSubmission: RouteAccess = { who: 'member', organization: submission, mode: 'read' };
    app.get(
      `/api/SJSurvey/GetAnswersBySubmissionId${fund.controller}`,
      {
        config: { access: readSubmission },
        schema: {
          querystring: z.object({ submissionId: idSchema }),
          response: { 200: surveySubmissionSchema, ...readErrors(readSubmission) },
        },
      },
      async (request) => surveys.view(submission.of(request).row, fund),
    );
  }

  /**
   * Saves one survey's answers (spec §7): on every change, with the version last seen. 412 when somebody saved
   * meanwhile, 409 once handed over or outside the stage, 400 for answers that are not a JSON object.
   */
  app.post(
    '/api/SJSurvey/CreateSurveyAnswers',
    {
      config: { access: writeAnswers },
      schema: { body: createSurveyAnswersBodySchema, response: { 200: surveySubmissionSchema, ...errors(writeAnswers) } },
    },
    async (request) => {
      const body = request.body;
      const user = callerOf(request);
      const application = answersIn.of(request);
      const entry = surveys.fundOf(application);
      if (body.compilazioneType !== entry.compilazioneType) throw new HttpError(400, 'survey_wrong_fund', m.wrongType);
      const definition = await surveys.definitionById(body.surveyId);
      if (!definition) throw new HttpError(404, 'survey_not_found', m.notFound);
      if (!reviewSurveyNames(entry).includes(definition.name)) throw new HttpError(400, 'survey_wrong_fund', m.wrongFund);
      return surveys.save({
        application,
        definition,
        monitoraggio: body.monitoraggio,
        monitoringPeriodId: body.monitoringPeriodId?.toLowerCase(),
        submissionId: body.surveySubmissionID ?? null,
        answers: answersOf(body.json),
        expectedVersion: body.version,
        userId: user.id,
      });
    },
  );
};
