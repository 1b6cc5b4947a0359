import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { messages } from '../../domain/messages.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { UUID_PATTERN } from '../../domain/organization.ts';
import { parseApplicationStatus, type Fund } from '../../domain/applicationStatus.ts';
import {
  orgIdQuerySchema,
  puiCompilationSchema,
  puiStatusQuerySchema,
  STATUS_NOTE_MAX_LENGTH,
  turCompilationSchema,
  turStatusQuerySchema,
} from '../../domain/application.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Membership } from '../auth/membership.ts';
import { HttpError } from '../errors.ts';
import type { ApplicationRepository, CompilationView } from './repository.ts';
import type { StatusChanges } from './statusChanges.ts';

const m = messages.applications;

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

const isForbiddenInNote = (code: number) => (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

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

/** The fund's own name for the warnings (spec §3: warningsTur, warningsPui). */
function shaped(fund: Fund, view: CompilationView) {
  const { warnings, ...rest } = view;
  return fund === 'TUR' ? { ...rest, warningsTur: warnings } : { ...rest, warningsPui: warnings };
}

/**
 * GET /api/{Tur|Pui}/Get{Tur|Pui}Compilazione and POST /api/{Tur|Pui}/Update{Tur|Pui}CompilazioneStatus: the
 * same behaviour for both funds, registered by tur.routes.ts and pui.routes.ts under the spec's paths.
 */
export function registerCompilationRoutes(app: FastifyInstance, fund: Fund, options: ApplicationRouteOptions) {
  const { membership, repository, statusChanges } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const controller = fund === 'TUR' ? 'Tur' : 'Pui';
  const compilationSchema: z.ZodType = fund === 'TUR' ? turCompilationSchema : puiCompilationSchema;

  /** Members read their own (warnings hidden); platform admins read any (with warnings). */
  api.get(
    `/api/${controller}/Get${controller}Compilazione`,
    { schema: { querystring: orgIdQuerySchema, response: { 200: compilationSchema, ...applicationErrors } } },
    async (request) => {
      const access = await membership.requireMember(request, request.query.orgId, { allowAdmin: 'read' });
      const view = await repository.compilation(access.organization.id, fund, { withWarnings: access.role === null });
      return shaped(fund, view);
    },
  );

  /**
   * Status change (spec §4, §7): admins per the spec's table, members for the steps that are theirs
   * (Integrazione Sottomessa, Istruttoria Sottomessa, Monitoraggio Sottomesso). The lifecycle machine decides;
   * 409 with an Italian message for any change it does not allow. Answers the updated compilation.
   */
  api.post(
    `/api/${controller}/Update${controller}CompilazioneStatus`,
    {
      schema: {
        querystring: fund === 'TUR' ? turStatusQuerySchema : puiStatusQuerySchema,
        response: { 200: compilationSchema, ...applicationErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const query = request.query as { status: string; note?: string; turId?: string; puiId?: string };
      const id = parseApplicationId((fund === 'TUR' ? query.turId : query.puiId) ?? '');
      const to = parseApplicationStatus(query.status);
      if (!to) throw new HttpError(400, 'invalid_status', m.statusUnknown);
      const note = parseNote(query.note);

      const application = await repository.byId(id);
      if (!application || application.fund !== fund) throw new HttpError(404, 'not_found', m.notFound);
      const isAdmin = isAdminRole(user.roles);
      // An applicant must belong to the application's organisation (403 otherwise).
      if (!isAdmin) await membership.requireMember(request, application.organizationId);

      const updated = await statusChanges.request({
        application,
        role: isAdmin ? 'admin' : 'applicant',
        to,
        note,
        actor: { role: isAdmin ? 'admin' : 'applicant', userId: user.id },
      });
      return shaped(fund, await repository.compilationOfRow(updated, { withWarnings: isAdmin }));
    },
  );
}
