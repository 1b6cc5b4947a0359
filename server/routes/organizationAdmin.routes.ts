import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationAdminMessages } from '../../domain/messages/organizationAdmin.ts';
import { organizationFieldLabels, REFERENT_ROLE } from '../../domain/organization.ts';
import {
  adminActResultSchema,
  adminAddMemberSchema,
  adminMakeReferentSchema,
  adminOrganizationActSchema,
  adminRemoveMemberSchema,
  organizationHistoryQuerySchema,
} from '../../domain/organizationAdmin.ts';
import { organizationEventSchema } from '../../domain/organizationHistory.ts';
import { callerOf, organizationAccessOf, type RouteAccess } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import type { OrganizationAdminActs } from '../organizations/adminActs.ts';
import { organizationHistory } from '../organizations/history.ts';
import { errorResponses } from './errorResponses.ts';
import { labelFields } from './fieldErrors.ts';

const m = organizationAdminMessages;
const labels = {
  ...organizationFieldLabels,
  reason: m.reason.label,
  email: m.dialog.email,
  role: m.dialog.role,
  demoteOthers: m.dialog.demote,
};

/** Platform administrators, about the organisation of the body (404 when it does not exist). */
const adminOfOrganization: RouteAccess = { who: 'admin', organization: { body: 'organizationId' } };
/** The organisation's members may ask; the handler lets only its Referenti (and platform administrators) read it. */
const historyReaders: RouteAccess = { who: 'member', organization: { query: 'organizationId' }, mode: 'read' };
const actErrors = errorResponses(adminOfOrganization, [400, 404, 409]);

/**
 * The platform administrators' acts on an organisation (issue 42), each with a required reason kept in the
 * organisation's history and e-mailed to its Referenti (server/organizations/adminActs.ts), and the history itself.
 */
export const organizationAdminRoutes: FastifyPluginAsyncZod<{ db: Db; acts: OrganizationAdminActs }> = async (app, { db, acts }) => {
  labelFields(app, labels);
  const route = { config: { access: adminOfOrganization } };
  const response = { 200: adminActResultSchema, ...actErrors };

  app.post('/api/Organization/AdminAddMember', { ...route, schema: { body: adminAddMemberSchema, response } }, async (request) =>
    acts.addMember(callerOf(request), organizationAccessOf(request).organization.id, request.body),
  );

  app.post('/api/Organization/AdminRemoveMember', { ...route, schema: { body: adminRemoveMemberSchema, response } }, async (request) =>
    acts.removeMember(callerOf(request), organizationAccessOf(request).organization.id, request.body),
  );

  app.post('/api/Organization/AdminMakeReferent', { ...route, schema: { body: adminMakeReferentSchema, response } }, async (request) =>
    acts.makeReferent(callerOf(request), organizationAccessOf(request).organization.id, request.body),
  );

  app.post('/api/Organization/SuspendOrganization', { ...route, schema: { body: adminOrganizationActSchema, response } }, async (request) =>
    acts.changeStanding(callerOf(request), organizationAccessOf(request).organization.id, {
      type: 'admin.suspend',
      reason: request.body.reason,
    }),
  );

  app.post('/api/Organization/RestoreOrganization', { ...route, schema: { body: adminOrganizationActSchema, response } }, async (request) =>
    acts.changeStanding(callerOf(request), organizationAccessOf(request).organization.id, {
      type: 'admin.restore',
      reason: request.body.reason,
    }),
  );

  /** The organisation's history, oldest first: platform administrators and the organisation's Referenti. */
  app.get(
    '/api/Organization/GetOrganizationHistory',
    {
      config: { access: historyReaders },
      schema: {
        querystring: organizationHistoryQuerySchema,
        response: { 200: z.array(organizationEventSchema), ...errorResponses(historyReaders, [403]) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      if (access.role !== null && access.role !== REFERENT_ROLE) throw new HttpError(403, 'forbidden', m.historyReferentsOnly);
      return organizationHistory(db, access.organization.id);
    },
  );
};
