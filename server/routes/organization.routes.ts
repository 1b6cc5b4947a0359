import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationRequestSchema, acceptInvitationResponseSchema, invitationViewSchema } from '../../domain/invitation.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import {
  changeMemberRoleSchema,
  createOrganizationResponseSchema,
  createOrganizationSchema,
  isValidPartitaIva,
  LEGAL_REPRESENTATIVE_KEYS,
  legalRepresentativeOf,
  memberRoleSchema,
  parseMemberRole,
  organizationDetailSchema,
  organizationFieldLabels,
  organizationIdQuerySchema,
  organizationMemberSchema,
  organizationProfileSchema,
  organizationSummarySchema,
  pIvaLookupSchema,
  pIvaQuerySchema,
  removeMemberQuerySchema,
  type OrganizationDetail,
  type OrganizationProfile,
  type OrganizationSummary,
  updateOrganizationSchema,
} from '../../domain/organization.ts';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { isLegalRepresentative, mayAct } from '../../domain/memberRoles.ts';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import { callerOf, organizationAccessOf, type RouteAccess } from '../auth/access.ts';
import type { Invitations } from '../auth/invitations.ts';
import type { Membership, OrganizationAccess, OrganizationRow } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { organizationMembers, organizations } from '../db/schema/organizations.ts';
import { HttpError } from '../errors.ts';
import { membersMayAct } from '../../machines/organization-lifecycle/transitions.ts';
import { recordOrganizationEvent } from '../organizations/history.ts';
import type { Territory } from '../reference/territory.ts';
import { formeGiuridiche } from '../reference/typologies.ts';
import { errorResponses } from './errorResponses.ts';
import { fieldError, fieldErrorFromZod, installFieldErrorHandler } from './fieldErrors.ts';

interface Options {
  db: Db;
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
  errorResponses(access, [400, 403, 404, 409, 410, ...(limited ? ([429] as const) : [])], { fieldErrors: true });
const collator = new Intl.Collator('it', { sensitivity: 'base' });

/** Stored profile fields (everything but the name, e-mail and VAT kept in their own columns). */
type StoredProfile = Omit<OrganizationProfile, 'name' | 'email'> & { privacy: boolean };

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export const organizationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, membership, invitations, territory }) => {
  installFieldErrorHandler(app, labels);

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

  /** The stored row as the complete profile it was saved as (tolerant of rows written before a field existed). */
  function profileOf(row: OrganizationRow): Record<string, unknown> {
    return { ...row.profile, name: row.name, email: row.email ?? '' };
  }

  async function detailOf(row: OrganizationRow, access: Pick<OrganizationAccess, 'role' | 'user'>): Promise<OrganizationDetail> {
    const p = row.profile;
    const str = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : null);
    const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : null);
    const formaGiuridica = num('formaGiuridica');
    const region = num('region');
    const province = num('province');
    const comune = num('comune');
    return {
      id: row.id,
      pIva: row.pIva,
      name: row.name,
      formaGiuridica,
      formaGiuridicaName: formeGiuridiche.find((f) => f.id === formaGiuridica)?.name ?? null,
      altro: str('altro'),
      codiceAteco: str('codiceAteco') ?? '',
      publicParticipation: p.publicParticipation === true,
      percentParticipation: num('percentParticipation'),
      description: str('description') ?? '',
      email: row.email ?? '',
      telephone: str('telephone') ?? '',
      privacy: p.privacy === true,
      address: str('address'),
      codiceFiscale: str('codiceFiscale'),
      region,
      regionName: region === null ? null : (territory.region(region)?.name ?? null),
      province,
      provinceName: province === null ? null : (territory.provinceName(province) ?? null),
      comune,
      comuneName: comune === null ? null : (territory.comuneName(comune) ?? null),
      numCivico: str('numCivico'),
      cap: str('cap'),
      contactReference: str('contactReference') ?? '',
      luogo_di_nascita: str('luogo_di_nascita'),
      natura_del_soggetto_proponente: str('natura_del_soggetto_proponente'),
      pec: str('pec'),
      role: str('role'),
      website: str('website'),
      data_di_costituzione: str('data_di_costituzione'),
      data_di_nascita: str('data_di_nascita'),
      legaleRappresentanteNome: str('legaleRappresentanteNome'),
      legaleRappresentanteCognome: str('legaleRappresentanteCognome'),
      legaleRappresentanteCodiceFiscale: str('legaleRappresentanteCodiceFiscale'),
      secondoLegaleRappresentanteNome: str('secondoLegaleRappresentanteNome'),
      secondoLegaleRappresentanteCognome: str('secondoLegaleRappresentanteCognome'),
      secondoLegaleRappresentanteCodiceFiscale: str('secondoLegaleRappresentanteCodiceFiscale'),
      firmaCongiunta: p.firmaCongiunta === true,
      legaleRappresentante: legalRepresentativeOf(p),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      members: await membership.membersOf(row.id),
      myRole: access.role,
      status: row.status === 'suspended' ? 'suspended' : 'active',
      suspensionReason: row.suspensionReason,
      // A Referente edits the profile and invites, while the organisation's lifecycle lets its members act.
      canEdit: access.role !== null && mayAct('manage', { role: access.role, isLegalRepresentative: false }) && membersMayAct(row),
      isLegalRepresentative: isLegalRepresentative(access.user.fiscalCode, p),
    };
  }

  /** The representation's keys as a history entry compares them (a profile stored before a key existed has it unset). */
  const representationFacts = (profile: Record<string, unknown>) =>
    Object.fromEntries(
      LEGAL_REPRESENTATIVE_KEYS.map((key) => [key, key === 'firmaCongiunta' ? profile[key] === true : (profile[key] ?? null)]),
    );

  /** The caller's organisations; a platform administrator's are all of them. Sorted by name. */
  app.get(
    '/api/Organization/GetOrganizations',
    { config: { access: signedIn }, schema: { response: { 200: z.array(organizationSummarySchema), ...errors(signedIn) } } },
    async (request): Promise<OrganizationSummary[]> => {
      const user = callerOf(request);
      const columns = { id: organizations.id, name: organizations.name, email: organizations.email, pIva: organizations.pIva };
      const mine = await db
        .select({ ...columns, role: organizationMembers.role })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, user.id));
      const roleById = new Map(mine.map((r) => [r.id, parseMemberRole(r.role)]));
      const rows = isAdminRole(user.roles) ? await db.select(columns).from(organizations) : mine;
      return rows
        .map(({ id, name, email, pIva }) => ({ id, name, email, pIva, role: roleById.get(id) ?? null }))
        .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
    },
  );

  /** The organisation named by the SelectedOrganizationId header, if the caller may read it. */
  const selectedOrganization = readOrganization({ header: SELECTED_ORGANIZATION_HEADER });
  app.get(
    '/api/Organization/GetOrganization',
    { config: { access: selectedOrganization }, schema: { response: { 200: organizationDetailSchema, ...errors(selectedOrganization) } } },
    async (request) => {
      const access = organizationAccessOf(request);
      return detailOf(access.organization, access);
    },
  );

  const organizationById = readOrganization({ query: 'id' });
  app.get(
    '/api/Organization/GetOrganizationById',
    {
      config: { access: organizationById },
      schema: { querystring: organizationIdQuerySchema, response: { 200: organizationDetailSchema, ...errors(organizationById) } },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      return detailOf(access.organization, access);
    },
  );

  const members = readOrganization({ query: 'organizationId' });
  app.get(
    '/api/Organization/GetMembers',
    {
      config: { access: members },
      schema: {
        querystring: z.object({ organizationId: z.string() }),
        response: { 200: z.array(organizationMemberSchema), ...errors(members) },
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
      const pIva = request.query.pIva.trim();
      if (!/^\d{11}$/.test(pIva)) throw fieldError('pIva', m.pIvaLength, labels);
      if (!isValidPartitaIva(pIva)) throw fieldError('pIva', m.pIvaInvalid, labels);
      const [row] = await db
        .select({ pIva: organizations.pIva, id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.pIva, pIva));
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
      const user = callerOf(request);
      const { name, email, pIva, ...rest } = resolveReferences(request.body);
      const duplicate = () => new HttpError(409, 'piva_already_registered', m.pIvaAlreadyRegistered);
      const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.pIva, pIva));
      if (existing) throw duplicate();
      const profile: StoredProfile = rest;
      try {
        const orgId = await db.transaction(async (tx) => {
          const [created] = await tx.insert(organizations).values({ name, email, pIva, profile }).returning({ id: organizations.id });
          await tx.insert(organizationMembers).values({ organizationId: created!.id, userId: user.id, role: 'admin' });
          return created!.id;
        });
        return reply.code(201).send({ error: null, orgId });
      } catch (error) {
        // Two registrations of the same VAT at once: the unique index decides, the loser hears why.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
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

      const current = profileOf(row);
      const changes: Record<string, unknown> = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
      if ('region' in changes && changes.region !== current.region && !('province' in changes)) changes.province = null;
      const territoryMoved =
        ('region' in changes && changes.region !== current.region) || ('province' in changes && changes.province !== current.province);
      if (territoryMoved && !('comune' in changes)) changes.comune = null;

      const parsed = organizationProfileSchema.safeParse({ ...current, ...changes });
      if (!parsed.success) throw fieldErrorFromZod(parsed.error, labels);
      const { name, email, ...rest } = resolveReferences(parsed.data);
      const profile: StoredProfile = { ...rest, privacy: row.profile.privacy === true };

      const before = representationFacts(row.profile);
      const after = representationFacts(profile);
      const representativeChanged = LEGAL_REPRESENTATIVE_KEYS.some((key) => before[key] !== after[key]);
      const updated = await db.transaction(async (tx) => {
        const [written] = await tx
          .update(organizations)
          .set({ name, email, profile, updatedAt: new Date() })
          .where(eq(organizations.id, row.id))
          .returning();
        if (representativeChanged) {
          await recordOrganizationEvent(tx as unknown as Db, {
            organizationId: row.id,
            kind: 'legal_representative.changed',
            actor: callerOf(request),
            details: { before, after },
          });
        }
        return written;
      });
      return detailOf(updated!, access);
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
      if (!UUID_PATTERN.test(request.query.userId)) throw new HttpError(404, 'not_found', m.memberNotFound);
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
      if (!UUID_PATTERN.test(request.body.userId)) throw new HttpError(404, 'not_found', m.memberNotFound);
      await membership.changeRole(access, request.body.userId.toLowerCase(), role.data);
      return reply.code(204).send(null);
    },
  );

  /** What an invitation link is about, for the page that accepts it. */
  app.get(
    '/api/Organization/GetInvitation',
    {
      config: { access: signedIn },
      schema: { querystring: z.object({ token: z.string() }), response: { 200: invitationViewSchema, ...errors(signedIn) } },
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
