import type { HandOverGate } from '../applications/handOverGate.ts';
import { handOverInTurn } from '../applications/handOverTickets.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { integrationDeadlineSchema, isDeadlineBefore } from '../../domain/integration.ts';
import { integrationRequestBodySchema } from '../../domain/integrationItems.ts';
import { integrationItemsMessages } from '../../domain/messages/integrationItems.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import { plainTextProblem } from '../../domain/plainText.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { parseApplicationStatus, STATUS_NOTE_MAX_LENGTH } from '../../domain/applicationStatus.ts';
import { compilationSchemaOf, orgIdQuerySchema, statusQuerySchemaOf, type CompilationView } from '../../domain/application.ts';
import { callerOf, organizationAccessOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import { fundSubmissionOf, type ServerFund } from '../applications/fundModule.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import type { StatusChanges } from '../applications/statusChanges.ts';
import type { ApplicationSubmission } from '../applications/submitApplication.ts';
import { errorResponses } from './errorResponses.ts';

const m = applicationsMessages;

/**
 * The admin's optional note (an integration request's text): at most 1000 characters, several lines, no control or
 * direction characters (domain/plainText.ts).
 */
export function parseNote(note: string | undefined): string | null {
  if (note === undefined) return null;
  const text = note.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  if (text.length > STATUS_NOTE_MAX_LENGTH) throw new HttpError(400, 'note_too_long', m.noteTooLong);
  if (plainTextProblem(text, 'lines')) throw new HttpError(400, 'note_invalid', m.noteInvalid);
  return text;
}

/** An integration request's deadline: a calendar day (YYYY-MM-DD) not before today in Italy; absent or blank is none. */
export function parseDeadline(deadline: string | undefined): string | null {
  const text = deadline?.trim() ?? '';
  if (text === '') return null;
  if (
    !integrationDeadlineSchema.safeParse(text).success ||
    !isValid(parseISO(text)) ||
    isDeadlineBefore(text, italianCalendarDay(new Date()))
  ) {
    throw new HttpError(400, 'invalid_deadline', integrationMessages.deadlineInvalid);
  }
  return text;
}

/** The compilation with the warnings under the fund's own key (spec §3: warningsTur, warningsPui). */
function shaped(entry: FundEntry, view: CompilationView) {
  const { warnings, ...rest } = view;
  return { ...rest, [entry.warningsKey]: warnings };
}

export interface FundControllerOptions {
  repository: ApplicationRepository;
  statusChanges: StatusChanges;
  fund: ServerFund;
  submissions: ApplicationSubmission;
  /** The click day's queue: at most a few hand-overs at once per process (issue 45). */
  handOvers: HandOverGate;
}

/**
 * /api/{Tur|Pui}/…, one controller per fund (spec §7, Applications), all from the fund's registry entry:
 * Get{Tur|Pui}Compilazione, Update{Tur|Pui}CompilazioneStatus and — once the fund's application module
 * exists — its submit call (CreatePui, CreateUpdateTur).
 */
export const fundControllerRoutes: FastifyPluginAsync<FundControllerOptions> = async (app, options) => {
  const { repository, statusChanges, submissions, handOvers } = options;
  const { entry, application } = options.fund;
  const { controller } = entry;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const compilationSchema = compilationSchemaOf(entry);

  /** Members read their own (warnings hidden); platform admins read any (with warnings). */
  const readCompilation: RouteAccess = { who: 'member', organization: { query: 'orgId' }, mode: 'read' };
  api.get(
    `/api/${controller}/Get${controller}Compilazione`,
    {
      config: { access: readCompilation },
      schema: { querystring: orgIdQuerySchema, response: { 200: compilationSchema, ...errorResponses(readCompilation) } },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const view = await repository.compilation(access.organization.id, entry, { withWarnings: access.role === null });
      return shaped(entry, view);
    },
  );

  /**
   * Status change (spec §4, §7): admins per the spec's table, members for the steps that are theirs
   * (Integrazione Sottomessa, Istruttoria Sottomessa, Monitoraggio Sottomesso) when their preconditions
   * hold. The lifecycle machine decides; 409 with an Italian message for any change it does not allow.
   * An applicant's changes are hand-overs: they need a verified address, the application's organisation, and the
   * call's rule of who hands over (its Referenti, or the legal representative);
   * another's application is as good as a missing one. Platform administrators change any.
   */
  const applicationInQuery = new OwnedObject(
    `application (${entry.idQueryKey})`,
    async (request) => {
      const application = await repository.byId((request.query as Record<string, string>)[entry.idQueryKey]!);
      return application?.fund === entry.fund ? application : undefined;
    },
    () => new HttpError(404, 'not_found', m.notFound),
  );
  const changeStatus: RouteAccess = {
    who: 'member',
    organization: applicationInQuery,
    mode: 'handOver',
    fund: entry.fund,
    verifiedEmail: true,
    platformAdmin: 'acts',
  };
  api.post(
    `/api/${controller}/Update${controller}CompilazioneStatus`,
    {
      config: { access: changeStatus },
      schema: {
        querystring: statusQuerySchemaOf(entry),
        body: integrationRequestBodySchema.describe(
          'Facoltativo, solo verso «In integrazione» (issue 44): i campi (kind "field", target il nome del campo) e gli allegati ' +
            '(kind "slot", target l’id del tipo di allegato) da correggere, ciascuno con il suo messaggio; con almeno un elemento la nota è facoltativa.',
        ),
        response: { 200: compilationSchema, ...errorResponses(changeStatus, [409, 412, 413]) },
      },
    },
    async (request) => {
      const user = callerOf(request);
      const query = request.query as Record<string, string | undefined>;
      const to = parseApplicationStatus(query.status ?? '');
      if (!to) throw new HttpError(400, 'invalid_status', m.statusUnknown);
      const note = parseNote(query.note);
      const deadline = parseDeadline(query.deadline);
      const application = applicationInQuery.of(request);
      const isAdmin = isAdminRole(user.roles);
      const items = request.body?.items ?? [];
      if (items.length > 0 && to !== 'IN_INTEGRAZIONE')
        throw new HttpError(400, 'integration_items_misplaced', integrationItemsMessages.itemsOnlyForIntegration);

      const updated = await statusChanges.request({
        application,
        role: isAdmin ? 'admin' : 'applicant',
        to,
        note,
        details: { deadline, items },
        actor: { role: isAdmin ? 'admin' : 'applicant', userId: user.id },
      });
      return shaped(entry, await repository.compilationOfRow(updated, entry, { withWarnings: isAdmin }));
    },
  );

  if (!application) return;
  const submission = fundSubmissionOf(entry, application);

  /**
   * Submit (spec §4 Candidatura Sottomessa): the whole form values with organizationId. Members of that
   * organisation only, as the call's rule of who hands over says (platform admins never submit). 400 for a body of the wrong shape, 422 listing what is
   * missing or wrong, 409 when a different application was already submitted, or when a draft never handed over is
   * handed over outside its call's window (`call_not_open`, `call_closed`, issue 44); the same submission again
   * answers 200 as the first time. Answers the compilation as Get…Compilazione does, with the stored `body`.
   */
  const submit: RouteAccess = {
    who: 'member',
    organization: { body: 'organizationId' },
    mode: 'handOver',
    fund: entry.fund,
    verifiedEmail: true,
    platformAdmin: { refused: submissionMessages.adminCannotSubmit },
  };
  api.post(
    entry.submitPath,
    {
      config: { access: submit },
      schema: {
        body: z
          .unknown()
          .describe(
            `I valori del modulo ${entry.fund} con organizationId (status, allegatoId, warnings e i valori calcolati sono ignorati), ` +
              'controllati con la definizione del fondo: 422 elenca ciò che manca o è errato.',
          ),
        response: {
          200: compilationSchema,
          ...errorResponses(submit, [400, 409, 412, 413, 422, 503]),
        },
      },
    },
    async (request, reply) => {
      const access = organizationAccessOf(request);
      // In the click day's queue: a burst of hand-overs leaves connections for everyone else (503 when it is full).
      const row = await handOverInTurn(handOvers, request, reply, { organizationId: access.organization.id, fund: entry.fund }, () =>
        submissions.submit(submission, {
          organizationId: access.organization.id,
          body: request.body,
          actor: { role: 'applicant', userId: access.user.id },
        }),
      );
      // Warnings are for the reviewers (spec §5): the applicant's answer carries none.
      return shaped(entry, await repository.compilationOfRow(row, entry, { withWarnings: false }));
    },
  );
};
