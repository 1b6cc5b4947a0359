import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationRequestSchema, acceptInvitationResponseSchema, invitationViewSchema } from '../../domain/invitation.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import {
  changeMemberRoleSchema,
  createOrganizationResponseSchema,
  createOrganizationSchema,
  memberRoleSchema,
  organizationDetailSchema,
  organizationFieldLabels,
  organizationIdQuerySchema,
  organizationMemberSchema,
  organizationProfileSchema,
  organizationSummarySchema,
  pIvaLookupSchema,
  pIvaQuerySchema,
  removeMemberQuerySchema,
  type OrganizationProfile,
  updateOrganizationSchema,
} from '../../domain/organization.ts';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { idSchema } from '../../domain/idSchema.ts';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import { callerOf, organizationAccessOf, type RouteAccess } from '../auth/access.ts';
import type { Invitations } from '../auth/invitations.ts';
import type { Membership } from '../auth/membership.ts';
import { HttpError } from '../errors.ts';
import type { OrganizationRepository } from '../organizations/organizationRepository.ts';
import type { Territory } from '../reference/territory.ts';
import { formeGiuridiche } from '../reference/typologies.ts';
import { errorResponses } from './errorResponses.ts';
import { fieldError, fieldErrorFromZod, labelFields } from './fieldErrors.ts';

interface Options {
  organizations: OrganizationRepository;
  membership: Membership;
  invitations: Invitations;
  territory: Territory;
}

const m = organizationMessages;
const labels = organizationFieldLabels;
/** Who may call each route of this file. */
const signedIn: RouteAccess = 'user';
const readOrganization = (organization: { query: string } | { header: typeof SELECTED_ORGANIZATION_HEADER }): RouteAccess => ({
  who: 'member',
  organization,
  mode: 'read',
});
const createOrganization: RouteAccess = { who: 'user', verifiedEmail: true, platformAdmin: { refused: m.adminCannotCreate } };
const acceptInvitation: RouteAccess = { who: 'user', verifiedEmail: true };
const updateOrganization: RouteAccess = { who: 'member', organization: { body: 'id' }, mode: 'manage' };
/** Anybody leaves; removing somebody else is a Referente's (membership.removeMember). */
const removeMember: RouteAccess = { who: 'member', organization: { query: 'organizationId' }, mode: 'leave' };
const changeMemberRole: RouteAccess = { who: 'member', organization: { body: 'organizationId' }, mode: 'manage' };
/**
 * The error answers of a route of this file: its access's, and the ones its handlers give; `limited`: a 429 from its
 * rate limit (server/rateLimits/apiRateLimits.ts).
 */
const errors = (access: RouteAccess, limited = false) =>
  errorResponses(access, [400, 403, 404, 409, 410, ...(limited ? ([429] as const) : [])]);
/** The error answers of a read of this file: no 409 or 410, which only a change gives. */
const readErrors = (access: RouteAccess) => errorResponses(access, [400, 403, 404]);

export const organizationRoutes: FastifyPluginAsyncZod<Options> = async (app, { organizations, membership, invitations, territory }) => {
  labelFields(app, labels);

  /**
   * Checks the ids against the reference data and completes the territory from its most precise part
   * (a comune implies its province, a province its region).
   */
  function resolveReferences<T extends Pick<OrganizationProfile, 'formaGiuridica' | 'region' | 'province' | 'comune'>>(profile: T): T {
    if (!formeGiuridiche.some((f) => f.id === profile.formaGiuridica)) throw fieldError('formaGiuridica', m.formaGiuridicaUnknown, labels);
    let { region, province } = profile;
    const { comune } = profile;
    if (comune !== null) {
      const found = territory.comune(comune);
      if (!found) throw fieldError('comune', territory.comuneRefusal(comune) ?? m.invalid, labels);
      if (province !== null && found.provinceId !== province) throw fieldError('comune', m.comuneNotInProvince, labels);
      province = found.provinceId;
    }
    if (province !== null) {
      const found = territory.province(province);
      if (!found) throw fieldError('province', territory.provinceRefusal(province) ?? m.invalid, labels);
      if (region !== null && found.regionId !== region) throw fieldError('province', m.provinceNotInRegion, labels);
      region = found.regionId;
    }
    if (region !== null && !territory.region(region)) throw fieldError('region', m.regionUnknown, labels);
    return { ...profile, region, province, comune };
  }

  /** The caller's organisations; a platform administrator's are all of them. Sorted by name. */
  app.get(
    '/api/Organization/GetOrganizations',
    { config: { access: signedIn }, schema: { response: { 200: z.array(organizationSummarySchema), ...readErrors(signedIn) } } },
    async (request) => organizations.listFor(callerOf(request)),
  );

  /** The organisation named by the SelectedOrganizationId header, if the caller may read it. */
  const selectedOrganization = readOrganization({ header: SELECTED_ORGANIZATION_HEADER });
  app.get(
    '/api/Organization/GetOrganization',
    {
      config: { access: selectedOrganization },
      schema: { response: { 200: organizationDetailSchema, ...readErrors(selectedOrganization) } },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      return organizations.detailOf(access.organization, access);
    },
  );

  const organizationById = readOrganization({ query: 'id' });
  app.get(
    '/api/Organization/GetOrganizationById',
    {
      config: { access: organizationById },
      schema: { querystring: organizationIdQuerySchema, response: { 200: organizationDetailSchema, ...readErrors(organizationById) } },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      return organizations.detailOf(access.organization, access);
    },
  );

  const members = readOrganization({ query: 'organizationId' });
  app.get(
    '/api/Organization/GetMembers',
    {
      config: { access: members },
      schema: {
        querystring: z.object({ organizationId: idSchema }),
        response: { 200: z.array(organizationMemberSchema), ...readErrors(members) },
      },
    },
    async (request) => membership.membersOf(organizationAccessOf(request).organization.id),
  );

  /**
   * Whether a VAT number is registered (connect-organization box). Knowing it grants nothing: joining an
   * organisation happens only through an invitation.
   */
  app.post(
    '/api/Organization/GetPIva',
    {
      config: { access: signedIn },
      schema: { querystring: pIvaQuerySchema, response: { 200: pIvaLookupSchema, ...errors(signedIn, true) } },
    },
    async (request) => {
      const row = await organizations.byPIva(request.query.pIva);
      if (!row) throw new HttpError(404, 'not_found', m.pIvaNotRegistered);
      return row;
    },
  );

  /** Registers an organisation; the caller becomes its first member, with role admin. */
  app.post(
    '/api/Organization/CreateOrganization',
    {
      config: { access: createOrganization },
      schema: { body: createOrganizationSchema, response: { 201: createOrganizationResponseSchema, ...errors(createOrganization, true) } },
    },
    async (request, reply) => {
      // Two registrations of the same VAT, one after the other or at once: the loser hears why.
      const orgId = await organizations.create(callerOf(request), resolveReferences(request.body));
      if (orgId === null) throw new HttpError(409, 'piva_already_registered', m.pIvaAlreadyRegistered);
      return reply.code(201).send({ error: null, orgId });
    },
  );

  /**
   * Changes the profile (members only; a platform administrator only reads). Fields left out keep their
   * value; the VAT number is read-only. Changing the region clears province and comune, changing the
   * province clears the comune, unless the request sets them too (spec §4).
   */
  app.post(
    '/api/Organization/UpdateOrganization',
    {
      config: { access: updateOrganization },
      schema: { body: updateOrganizationSchema, response: { 200: organizationDetailSchema, ...errors(updateOrganization) } },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const row = access.organization;
      const { id: _id, pIva, ...sent } = request.body;
      if (pIva !== undefined && pIva !== row.pIva) throw fieldError('pIva', m.pIvaReadOnly, labels);

      const current = organizations.profileOf(row);
      const changes: Record<string, unknown> = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
      if ('region' in changes && changes.region !== current.region && !('province' in changes)) changes.province = null;
      const territoryMoved =
        ('region' in changes && changes.region !== current.region) || ('province' in changes && changes.province !== current.province);
      if (territoryMoved && !('comune' in changes)) changes.comune = null;

      const parsed = organizationProfileSchema.safeParse({ ...current, ...changes });
      if (!parsed.success) throw fieldErrorFromZod(parsed.error, labels);
      const updated = await organizations.update(row, callerOf(request), resolveReferences(parsed.data));
      return organizations.detailOf(updated, access);
    },
  );

  /**
   * Removes a member: organisation administrators may remove anyone, anybody may leave; the last
   * administrator cannot be removed. 204 on success.
   */
  app.post(
    '/api/Organization/RemoveMember',
    {
      config: { access: removeMember },
      schema: { querystring: removeMemberQuerySchema, response: { 204: z.null(), ...errors(removeMember) } },
    },
    async (request, reply) => {
      const access = organizationAccessOf(request);
      await membership.removeMember(access, request.query.userId.toLowerCase());
      return reply.code(204).send(null);
    },
  );

  /**
   * A Referente gives a member another role (Referente, Compilatore, Sola lettura). The last Referente keeps theirs
   * (409); the change is in the organisation's history. 204 on success.
   */
  app.post(
    '/api/Organization/ChangeMemberRole',
    {
      config: { access: changeMemberRole },
      schema: { body: changeMemberRoleSchema, response: { 204: z.null(), ...errors(changeMemberRole) } },
    },
    async (request, reply) => {
      const access = organizationAccessOf(request);
      const role = memberRoleSchema.safeParse(request.body.role);
      if (!role.success) throw new HttpError(400, 'invalid_role', memberRoleMessages.roleInvalid);
      await membership.changeRole(access, request.body.userId.toLowerCase(), role.data);
      return reply.code(204).send(null);
    },
  );

  /** What an invitation link is about, for the page that accepts it. */
  app.get(
    '/api/Organization/GetInvitation',
    {
      config: { access: signedIn },
      schema: { querystring: z.object({ token: z.string() }), response: { 200: invitationViewSchema, ...readErrors(signedIn) } },
    },
    async (request) => invitations.view(request.query.token),
  );

  // Joining needs a verified address, as creating does.
  app.post(
    '/api/Organization/AcceptInvitation',
    {
      config: { access: acceptInvitation },
      schema: { body: acceptInvitationRequestSchema, response: { 200: acceptInvitationResponseSchema, ...errors(acceptInvitation) } },
    },
    async (request) => invitations.accept(callerOf(request), request.body.token),
  );
};
