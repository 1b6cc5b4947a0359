import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createJoinRequestSchema,
  decideJoinRequestResponseSchema,
  decideJoinRequestSchema,
  joinNoteProblem,
  joinReasonProblem,
  openJoinRequestSchema,
  myJoinRequestSchema,
} from '../../domain/joinRequest.ts';
import { joinRequestMessages as jm } from '../../domain/messages/joinRequest.ts';
import { organizationMessages as om } from '../../domain/messages/organization.ts';
import { isValidPartitaIva, REFERENT_ROLE } from '../../domain/organization.ts';
import { idSchema } from '../../domain/idSchema.ts';
import { callerOf, organizationAccessOf, OwnedObject, type RouteAccess } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema/organizations.ts';
import { HttpError } from '../errors.ts';
import type { JoinRequests } from '../organizations/joinRequests.ts';
import { errorResponses } from './errorResponses.ts';
import { fieldError, labelFields } from './fieldErrors.ts';

interface Options {
  db: Db;
  joinRequests: JoinRequests;
}

const labels: Record<string, string> = { pIva: 'P.IVA', reason: jm.reasonLabel, note: jm.noteLabel, decision: 'Decisione' };
const notFound = () => new HttpError(404, 'not_found', jm.notFound);
const referentsOnly = () => new HttpError(403, 'forbidden', jm.referentsOnly);

/**
 * /api/JoinRequest/…: claiming a registered P.IVA (issue 42). A person asks to join the organisation registered with
 * it; its referents (member role 'admin') and the platform administrators see the open requests and decide them.
 * The requester learns nothing of the organisation but its name until accepted.
 */
export const joinRequestRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, joinRequests }) => {
  labelFields(app, labels);

  // Asking needs a verified address, as creating or joining by invitation does; administrators already see everything.
  const create: RouteAccess = { who: 'user', verifiedEmail: true, platformAdmin: { refused: jm.adminCannotRequest } };
  app.post(
    '/api/JoinRequest/CreateJoinRequest',
    {
      config: { access: create },
      schema: {
        body: createJoinRequestSchema,
        response: {
          // The request made (201), or the one already pending (200).
          200: myJoinRequestSchema,
          201: myJoinRequestSchema,
          ...errorResponses(create, [400, 404, 409, 429]),
        },
      },
    },
    async (request, reply) => {
      const pIva = request.body.pIva.trim();
      if (!/^\d{11}$/.test(pIva)) throw fieldError('pIva', om.pIvaLength, labels);
      if (!isValidPartitaIva(pIva)) throw fieldError('pIva', om.pIvaInvalid, labels);
      const [organization] = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.pIva, pIva));
      const reason = request.body.reason.trim();
      const problem = joinReasonProblem(reason);
      if (problem) throw fieldError('reason', problem, labels);
      if (!organization) throw new HttpError(404, 'not_found', om.pIvaNotRegistered);
      const { created, request: made } = await joinRequests.create(callerOf(request), organization, reason);
      return reply.code(created ? 201 : 200).send(made);
    },
  );

  const signedIn: RouteAccess = 'user';
  app.get(
    '/api/JoinRequest/GetMyJoinRequests',
    { config: { access: signedIn }, schema: { response: { 200: z.array(myJoinRequestSchema), ...errorResponses(signedIn) } } },
    async (request) => joinRequests.requestsOf(callerOf(request)),
  );

  // The organisation's referents, and platform administrators (who read any organisation); other members hear 403.
  const ofOrganization: RouteAccess = { who: 'member', organization: { query: 'organizationId' }, mode: 'read' };
  app.get(
    '/api/JoinRequest/GetJoinRequests',
    {
      config: { access: ofOrganization },
      schema: {
        querystring: z.object({ organizationId: idSchema }),
        response: { 200: z.array(openJoinRequestSchema), ...errorResponses(ofOrganization, [403]) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      if (access.role !== null && access.role !== REFERENT_ROLE) throw referentsOnly();
      return joinRequests.open(access.organization.id);
    },
  );

  const everyOpen: RouteAccess = 'admin';
  app.get(
    '/api/JoinRequest/GetOpenJoinRequests',
    { config: { access: everyOpen }, schema: { response: { 200: z.array(openJoinRequestSchema), ...errorResponses(everyOpen) } } },
    async () => joinRequests.open(),
  );

  // The request's organisation is the route's: whoever may not see it hears the request's 404.
  const joinRequest = new OwnedObject(
    'join request (id)',
    async (request) => {
      return joinRequests.byId((request.body as { id: string }).id);
    },
    notFound,
  );
  // Deciding who joins is managing the members: the organisation's Referenti, or a platform administrator.
  const decide: RouteAccess = { who: 'member', organization: joinRequest, mode: 'manage', platformAdmin: 'acts' };
  app.post(
    '/api/JoinRequest/DecideJoinRequest',
    {
      config: { access: decide },
      schema: {
        body: decideJoinRequestSchema,
        response: { 200: decideJoinRequestResponseSchema, ...errorResponses(decide, [400, 409]) },
      },
    },
    async (request) => {
      const user = callerOf(request);
      const { decision } = request.body;
      const note = request.body.note?.trim() ?? '';
      const problem = joinNoteProblem(note);
      if (problem) throw fieldError('note', problem, labels);
      return joinRequests.decide(user, joinRequest.of(request).id, decision, note === '' ? null : note);
    },
  );
};
