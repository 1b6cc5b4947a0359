import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import { isAdminRole } from '../../domain/roles.ts';
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
import { requireUser } from '../auth/authenticate.ts';
import type { Membership } from '../auth/membership.ts';
import { HttpError } from '../errors.ts';
import { assertJsonWithinLimits } from '../jsonInput.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import { definitionOf, summaryOf, type Surveys } from '../surveys/surveys.ts';

const m = surveyMessages;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  412: apiErrorSchema,
};

export interface SjSurveyRouteOptions {
  membership: Membership;
  repository: ApplicationRepository;
  surveys: Surveys;
  monitoring: Pick<Monitoring, 'periodFor'>;
}

const monitoraggioQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Answers that do not exist, or that the caller may not see: the same 404 (an id that is no UUID included). */
const submissionNotFound = () => new HttpError(404, 'survey_not_found', m.submissionNotFound);
/** An application that does not exist, or of an organisation the caller may not see. */
const applicationNotFound = () => new HttpError(404, 'not_found', applicationsMessages.notFound);

function parseUuid(value: string | undefined): string {
  if (!value || !UUID_PATTERN.test(value)) throw submissionNotFound();
  return value.toLowerCase();
}

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
  const { membership, repository, surveys, monitoring } = options;

  /** Review answers: null; monitoring: the period asked for (`periodo`) or the current one; undefined before monitoring started. */
  async function periodOf(application: Parameters<Monitoring['periodFor']>[0], monitoraggio: boolean, periodo: string | undefined) {
    if (!monitoraggio) return null;
    if (periodo !== undefined && !UUID_PATTERN.test(periodo)) throw new HttpError(404, 'monitoring_period_not_found', m.submissionNotFound);
    return (await monitoring.periodFor(application, periodo?.toLowerCase())) ?? undefined;
  }

  /**
   * The application `candidaturaId` if the caller may read it (write: only its organisation's members). Another
   * organisation's application answers exactly as a missing one: `notFound`, the application's 404 by default.
   */
  async function applicationFor(
    request: FastifyRequest,
    candidaturaId: string,
    mode: 'read' | 'write',
    notFound: () => HttpError = applicationNotFound,
  ) {
    const user = requireUser(request);
    const application = await repository.byId(parseUuid(candidaturaId));
    if (!application) throw notFound();
    try {
      await membership.requireMember(request, application.organizationId, { notFound, ...(mode === 'read' ? { allowAdmin: 'read' } : {}) });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403 && isAdminRole(user.roles)) {
        throw new HttpError(403, 'forbidden', m.adminCannotWrite);
      }
      throw error;
    }
    return { user, application };
  }

  app.get(
    '/api/SJSurvey/GetSurveyTypeList',
    { schema: { response: { 200: z.array(surveyDefinitionSummarySchema), ...errors } } },
    async (request) => {
      requireUser(request);
      return surveys.typeList();
    },
  );

  app.get(
    '/api/SJSurvey/GetSurveyByType',
    { schema: { querystring: z.object({ type: z.string().max(100) }), response: { 200: surveyDefinitionSummarySchema, ...errors } } },
    async (request) => {
      requireUser(request);
      const row = await surveys.latestByName(request.query.type);
      if (!row) throw new HttpError(404, 'survey_not_found', m.notFound);
      return summaryOf(row);
    },
  );

  app.get(
    '/api/SJSurvey/GetSurveyJsonStructBySurveyID',
    { schema: { querystring: z.object({ surveyId: z.string() }), response: { 200: surveyDefinitionSchema, ...errors } } },
    async (request, reply) => {
      requireUser(request);
      const row = await surveys.definitionById(parseSurveyId(request.query.surveyId));
      if (!row) throw new HttpError(404, 'survey_not_found', m.notFound);
      // A version never changes: the browser may keep it.
      reply.header('cache-control', 'private, max-age=86400, immutable');
      return definitionOf(row);
    },
  );

  /** The answers of the application to the survey `surveyId` names (any version of it); null before the first save. */
  app.get(
    '/api/SJSurvey/GetSurveySubmssionbySurveyId',
    {
      schema: {
        querystring: z.object({
          surveyId: z.string(),
          candidaturaId: z.string(),
          monitoraggio: monitoraggioQuery,
          periodo: z.string().max(64).optional(),
        }),
        response: { 200: surveySubmissionSchema.nullable(), ...errors },
      },
    },
    async (request) => {
      const { application } = await applicationFor(request, request.query.candidaturaId, 'read');
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
      schema: {
        querystring: z.object({ candidaturaId: z.string(), monitoraggio: monitoraggioQuery, periodo: z.string().max(64).optional() }),
        response: { 200: surveyValidationSchema, ...errors },
      },
    },
    async (request) => {
      const { application } = await applicationFor(request, request.query.candidaturaId, 'read');
      const periodId = await periodOf(application, request.query.monitoraggio, request.query.periodo);
      // Monitoring never opened: nothing can be handed over yet.
      if (periodId === undefined) return { complete: false, issues: [], missingAttachments: [] };
      return surveys.validation(application, periodId);
    },
  );

  for (const fund of surveys.funds) {
    app.get(
      `/api/SJSurvey/GetAnswersBySubmissionId${fund.controller}`,
      { schema: { querystring: z.object({ submissionId: z.string() }), response: { 200: surveySubmissionSchema, ...errors } } },
      async (request) => {
        const found = await surveys.submissionById(parseUuid(request.query.submissionId));
        if (!found || found.application.fund !== fund.fund) throw submissionNotFound();
        await applicationFor(request, found.application.id, 'read', submissionNotFound);
        return surveys.view(found.row, fund);
      },
    );
  }

  /**
   * Saves one survey's answers (spec §7): on every change, with the version last seen. 412 when somebody saved
   * meanwhile, 409 once handed over or outside the stage, 400 for answers that are not a JSON object.
   */
  app.post(
    '/api/SJSurvey/CreateSurveyAnswers',
    { schema: { body: createSurveyAnswersBodySchema, response: { 200: surveySubmissionSchema, ...errors } } },
    async (request) => {
      const body = request.body;
      const { user, application } = await applicationFor(request, body.candidaturaId, 'write');
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
