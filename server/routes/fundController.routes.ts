import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { integrationDeadlineSchema } from '../../domain/integration.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import { parseApplicationStatus, STATUS_NOTE_MAX_LENGTH } from '../../domain/applicationStatus.ts';
import {
  applicationIncompleteSchema,
  compilationSchemaOf,
  orgIdQuerySchema,
  statusQuerySchemaOf,
  type CompilationView,
} from '../../domain/application.ts';
import { fieldErrorSchema } from '../../domain/validation.ts';
import { requireUser, requireVerifiedEmail } from '../auth/authenticate.ts';
import type { Membership } from '../auth/membership.ts';
import { HttpError } from '../errors.ts';
import { fundSubmissionOf, type ServerFund } from '../applications/fundModule.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import type { StatusChanges } from '../applications/statusChanges.ts';
import { SubmissionRefused, type ApplicationSubmission } from '../applications/submitApplication.ts';

const m = applicationsMessages;

export const applicationErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  412: apiErrorSchema,
  413: apiErrorSchema,
};

export interface ApplicationRouteOptions {
  membership: Membership;
  repository: ApplicationRepository;
  statusChanges: StatusChanges;
}

/** An application id from a query: a malformed one is the client's 400, never a database error. */
export function parseApplicationId(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new HttpError(400, 'invalid_application_id', m.idInvalid);
  return value.toLowerCase();
}

const isForbiddenInNote = (code: number) =>
  (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** The admin's optional note: at most 1000 characters, line breaks allowed, no other control characters. */
export function parseNote(note: string | undefined): string | null {
  if (note === undefined) return null;
  const text = note.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  if (text.length > STATUS_NOTE_MAX_LENGTH) throw new HttpError(400, 'note_too_long', m.noteTooLong);
  for (const char of text) {
    if (isForbiddenInNote(char.codePointAt(0)!)) throw new HttpError(400, 'note_invalid', m.noteInvalid);
  }
  return text;
}

/** An integration request's deadline: a calendar day (YYYY-MM-DD) not before today in Italy; absent or blank is none. */
export function parseDeadline(deadline: string | undefined): string | null {
  const text = deadline?.trim() ?? '';
  if (text === '') return null;
  if (!integrationDeadlineSchema.safeParse(text).success || !isValid(parseISO(text)) || text < italianCalendarDay(new Date())) {
    throw new HttpError(400, 'invalid_deadline', integrationMessages.deadlineInvalid);
  }
  return text;
}

/** The compilation with the warnings under the fund's own key (spec §3: warningsTur, warningsPui). */
function shaped(entry: FundEntry, view: CompilationView) {
  const { warnings, ...rest } = view;
  return { ...rest, [entry.warningsKey]: warnings };
}

const organizationIdOf = (body: unknown) =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).organizationId : undefined;

export interface FundControllerOptions extends ApplicationRouteOptions {
  fund: ServerFund;
  submissions: ApplicationSubmission;
}

/**
 * /api/{Tur|Pui}/…, one controller per fund (spec §7, Applications), all from the fund's registry entry:
 * Get{Tur|Pui}Compilazione, Update{Tur|Pui}CompilazioneStatus and — once the fund's application module
 * exists — its submit call (CreatePui, CreateUpdateTur).
 */
export const fundControllerRoutes: FastifyPluginAsync<FundControllerOptions> = async (app, options) => {
  const { membership, repository, statusChanges, submissions } = options;
  const { entry, application } = options.fund;
  const { controller } = entry;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const compilationSchema = compilationSchemaOf(entry);

  /** Members read their own (warnings hidden); platform admins read any (with warnings). */
  api.get(
    `/api/${controller}/Get${controller}Compilazione`,
    { schema: { querystring: orgIdQuerySchema, response: { 200: compilationSchema, ...applicationErrors } } },
    async (request) => {
      const access = await membership.requireMember(request, request.query.orgId, { allowAdmin: 'read' });
      const view = await repository.compilation(access.organization.id, entry, { withWarnings: access.role === null });
      return shaped(entry, view);
    },
  );

  /**
   * Status change (spec §4, §7): admins per the spec's table, members for the steps that are theirs
   * (Integrazione Sottomessa, Istruttoria Sottomessa, Monitoraggio Sottomesso) when their preconditions
   * hold. The lifecycle machine decides; 409 with an Italian message for any change it does not allow.
   */
  api.post(
    `/api/${controller}/Update${controller}CompilazioneStatus`,
    { schema: { querystring: statusQuerySchemaOf(entry), response: { 200: compilationSchema, ...applicationErrors } } },
    async (request) => {
      const user = requireUser(request);
      const query = request.query as Record<string, string | undefined>;
      const id = parseApplicationId(query[entry.idQueryKey] ?? '');
      const to = parseApplicationStatus(query.status ?? '');
      if (!to) throw new HttpError(400, 'invalid_status', m.statusUnknown);
      const note = parseNote(query.note);
      const deadline = parseDeadline(query.deadline);

      const notFound = () => new HttpError(404, 'not_found', m.notFound);
      const application = await repository.byId(id);
      if (!application || application.fund !== entry.fund) throw notFound();
      const isAdmin = isAdminRole(user.roles);
      // An applicant's changes are hand-overs: they need a verified address.
      if (!isAdmin) requireVerifiedEmail(request);
      // An applicant must belong to the application's organisation; another's is as good as missing.
      if (!isAdmin) await membership.requireMember(request, application.organizationId, { notFound });

      const updated = await statusChanges.request({
        application,
        role: isAdmin ? 'admin' : 'applicant',
        to,
        note,
        details: { deadline },
        actor: { role: isAdmin ? 'admin' : 'applicant', userId: user.id },
      });
      return shaped(entry, await repository.compilationOfRow(updated, entry, { withWarnings: isAdmin }));
    },
  );

  if (!application) return;
  const submission = fundSubmissionOf(entry.fund, application);

  /**
   * Submit (spec §4 Candidatura Sottomessa): the whole form values with organizationId. Members of that
   * organisation only (platform admins never submit). 400 for a body of the wrong shape, 422 listing what is
   * missing or wrong, 409 when a different application was already submitted; the same submission again
   * answers 200 as the first time. Answers the compilation as Get…Compilazione does, with the stored `body`.
   */
  api.post(
    entry.submitPath,
    {
      schema: {
        body: z
          .unknown()
          .describe(
            `I valori del modulo ${entry.fund} con organizationId (status, allegatoId, warnings e i valori calcolati sono ignorati), ` +
              'controllati con la definizione del fondo: 422 elenca ciò che manca o è errato.',
          ),
        response: { 200: compilationSchema, ...applicationErrors, 400: fieldErrorSchema, 422: applicationIncompleteSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (isAdminRole(user.roles)) throw new HttpError(403, 'forbidden', submissionMessages.adminCannotSubmit);
      requireVerifiedEmail(request);
      const access = await membership.requireMember(request, organizationIdOf(request.body));
      try {
        const row = await submissions.submit(submission, {
          organizationId: access.organization.id,
          body: request.body,
          actor: { role: 'applicant', userId: access.user.id },
        });
        // Warnings are for the reviewers (spec §5): the applicant's answer carries none.
        return shaped(entry, await repository.compilationOfRow(row, entry, { withWarnings: false }));
      } catch (error) {
        if (error instanceof SubmissionRefused) return reply.code(error.statusCode).send(error.body);
        throw error;
      }
    },
  );
};
