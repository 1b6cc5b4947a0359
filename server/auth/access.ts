import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import { mayAct, type MemberAct } from '../../domain/memberRoles.ts';
import { MEMBER_ROLES } from '../../domain/organization.ts';
import { isAdminRole } from '../../domain/roles.ts';
import type { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { HttpError } from '../errors.ts';
import { isApiPath } from '../openapi/routeCatalogue.ts';
import { refuseWhileSuspended } from '../organizations/lifecycle.ts';
import { selectedOrganizationId, type Membership, type MembershipRequirement, type OrganizationAccess } from './membership.ts';
import type { UserRow } from './users.ts';

/**
 * Who may call a route, declared where the route is (`config: { access }`) and enforced by one hook
 * (installAccess). Every /api route declares it: one registered without a declaration stops the start.
 *
 * - 'anonymous': anyone, without a token (the login flow, the legal texts).
 * - 'user' (or UserAccess): any signed-in person.
 * - 'admin' (or AdminAccess): platform administrators only; with an organisation, it must exist (404).
 * - MemberAccess: the members of the organisation the request names.
 */
export type RouteAccess = 'anonymous' | 'user' | 'admin' | UserAccess | AdminAccess | MemberAccess;

export interface UserAccess {
  who: 'user';
  /** The address must be one the identity provider vouches for (403 email_not_verified): creating or joining. */
  verifiedEmail?: true;
  /** Platform administrators are refused, with this message (403). */
  platformAdmin?: { refused: string };
}

export interface AdminAccess {
  who: 'admin';
  /** The organisation the route is about: a malformed id is 400, one that does not exist 404. */
  organization: OrganizationSource;
}

export interface MemberAccess {
  who: 'member';
  organization: OrganizationSource;
  /**
   * What the route does, and so which members may call it (domain/memberRoles.ts, issue 42):
   * 'read': every member, and platform administrators (spec §6), who read any organisation's.
   * 'leave': every member, about their own membership (the handler asks a Referente's role for anyone else's).
   * 'write': Compilatore and Referente (drafts, attachments, answers).
   * 'manage': Referente (profile, members, roles, invitations).
   * 'handOver': as the rule of the call of `fund` says (calls.json `handOverBy`): its Referenti, or the legal
   * representative only.
   * Every mode but 'read' refuses a platform administrator who is not a member (403); a member whose role may not
   * hears 403 with the role and what it may do; anyone else hears 404, as for an organisation (or an object) that
   * does not exist.
   */
  mode: MemberAct;
  /** 'handOver': the fund whose call's rule decides who hands over (required with it, and only with it). */
  fund?: string;
  /** The address must be one the identity provider vouches for (403 email_not_verified): hand-overs. */
  verifiedEmail?: true;
  /**
   * Platform administrators, member or not: 'acts' — they pass for any organisation, as administrators (status
   * changes: the lifecycle decides what each role may do); { refused } — refused with this message (403).
   */
  platformAdmin?: 'acts' | { refused: string };
  /** The 403 a platform administrator who is not a member hears on a write (the organisation's own by default). */
  readOnlyMessage?: string;
  /**
   * The organisation is known only inside the handler, which then calls `request.authorizeOrganization(id)` (the
   * same check, as declared): an upload's OrgId arrives in the multipart stream, and the autosave's one UPDATE
   * holds the membership as its condition, asking for it only when that UPDATE changed nothing.
   */
  checkedIn?: 'handler';
}

/** Where a route finds the organisation it is about. */
export type OrganizationSource =
  { query: string } | { body: string } | { header: typeof SELECTED_ORGANIZATION_HEADER } | OwnedObject<OwnedRow>;

interface OwnedRow {
  organizationId: string;
}

/**
 * An object reached by its own id (an application, a file, a receipt): the route's organisation is the object's.
 * The access hook finds it before the handler runs (`of(request)` hands it over); one of an organisation the
 * caller may not see answers `notFound`, exactly as one that does not exist.
 */
export class OwnedObject<T extends OwnedRow> {
  readonly #found = new WeakMap<FastifyRequest, T>();

  constructor(
    /** What the request names, for whoever reads the declaration: 'application (puiId)'. */
    readonly object: string,
    private readonly find: (request: FastifyRequest) => Promise<T | undefined>,
    readonly notFound: () => HttpError,
  ) {}

  /** The object the request names (a malformed id may be refused by `find`), or `notFound`. */
  async resolve(request: FastifyRequest): Promise<T> {
    const found = await this.find(request);
    if (!found) throw this.notFound();
    this.#found.set(request, found);
    return found;
  }

  /** The object the access hook found for this request. */
  of(request: FastifyRequest): T {
    const found = this.#found.get(request);
    if (!found) throw new Error(`${this.object}: not found by the access hook (is the route declared with it?)`);
    return found;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (server/auth/access.ts). Required on every /api route. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller's access to the route's organisation, once the access hook has checked it; null otherwise. */
    organizationAccess: OrganizationAccess | null;
    /** The declared membership check of a route `checkedIn: 'handler'`, for the organisation the handler learnt. */
    authorizeOrganization(organizationId: unknown): Promise<OrganizationAccess>;
  }
}

type Declared = { who: 'anonymous' } | (UserAccess & { who: 'user' }) | { who: 'admin'; organization?: OrganizationSource } | MemberAccess;

function declared(access: RouteAccess): Declared {
  return typeof access === 'string' ? { who: access } : access;
}

/** Who may call, in one word: the matrix test (tests/api/accessMatrix.test.ts) and the OpenAPI document read it. */
export function whoMayCall(access: RouteAccess): Declared['who'] {
  return declared(access).who;
}

/** The error statuses the access check itself may answer, for the route's response schemas. */
export function refusalStatuses(access: RouteAccess): number[] {
  const d = declared(access);
  switch (d.who) {
    case 'anonymous':
      return [];
    case 'user':
      return d.verifiedEmail || d.platformAdmin ? [401, 403] : [401];
    case 'admin':
      return d.organization ? [400, 401, 403, 404] : [401, 403];
    case 'member':
      return d.mode !== 'read' || d.verifiedEmail || typeof d.platformAdmin === 'object' ? [400, 401, 403, 404] : [400, 401, 404];
  }
}

function sourceName(source: OrganizationSource): string {
  if (source instanceof OwnedObject) return source.object;
  if ('query' in source) return `query ${source.query}`;
  if ('body' in source) return `body ${source.body}`;
  return `header ${source.header}`;
}

/** The declaration as the OpenAPI document shows it (`x-access`): the organisation's source by name, no messages. */
export function describeAccess(access: RouteAccess): Record<string, unknown> {
  const {
    organization,
    platformAdmin,
    readOnlyMessage: _message,
    ...rest
  } = declared(access) as { who: Declared['who'] } & Partial<Omit<MemberAccess, 'who'>>;
  const mode = rest.mode;
  return {
    ...rest,
    // Who among the members: the roles the mode lets through, or the call's rule for a hand-over.
    ...(mode && mode !== 'handOver' ? { roles: MEMBER_ROLES.filter((role) => mayAct(mode, { role, isLegalRepresentative: false })) } : {}),
    ...(mode === 'handOver' ? { roles: `handOverBy of the ${rest.fund} call (calls.json)` } : {}),
    ...(organization ? { organization: sourceName(organization) } : {}),
    ...(platformAdmin ? { platformAdmin: typeof platformAdmin === 'string' ? platformAdmin : 'refused' } : {}),
  };
}

function fieldOf(container: unknown, key: string): unknown {
  return container !== null && typeof container === 'object' && !Array.isArray(container)
    ? (container as Record<string, unknown>)[key]
    : undefined;
}

/** The signed-in caller of a route that declares anything but 'anonymous' (the authentication hook found them). */
export function callerOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new HttpError(401, 'unauthorized', messages.auth.unauthorized);
  return request.currentUser;
}

/** The caller's access to the organisation of a route declared 'member' (or 'admin' with an organisation). */
export function organizationAccessOf(request: FastifyRequest): OrganizationAccess {
  if (!request.organizationAccess) throw new Error(`${request.routeOptions.url}: no organisation access (see its config.access)`);
  return request.organizationAccess;
}

const forbidden = (message: string) => new HttpError(403, 'forbidden', message);

/** `externalProvider`: the address is confirmed at the external provider, not by a link the portal mailed. */
function refuseUnverified(user: UserRow, externalProvider: boolean) {
  if (user.emailVerified) return;
  throw new HttpError(403, 'email_not_verified', externalProvider ? verificationMessages.refusedExternal : verificationMessages.refused);
}

/**
 * Every /api route declares who may call it: one without a declaration is refused as it is registered, so the app
 * does not start. Registered on the root instance (it must see every plugin's routes); the paths outside /api (the
 * identity provider, which keeps its own sessions; /livez, /readyz and /metrics, with its own token; the client's
 * files) are not the API's and declare nothing.
 */
export function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    if (access !== undefined) {
      const d = declared(access);
      if (d.who === 'member' && (d.mode === 'handOver') !== (d.fund !== undefined)) {
        throw new Error(`${name}: a hand-over (and only a hand-over) names the fund whose call's rule applies`);
      }
      return;
    }
    if (!isApiPath(route.url)) return;
    throw new Error(`${name} declares no access: add config.access (server/auth/access.ts)`);
  });
}

/**
 * Enforces each route's declaration before its handler (preHandler: after authentication, the rate limits and the
 * validation of the query and body, so a malformed request is still 400 first). For a member's route, in this
 * order: platform administrators the route refuses (403); the object the request names (its 400 or 404); platform
 * administrators the route lets act; the membership (404, or 403 for a platform administrator's write) and the
 * member's role (403 naming it, domain/memberRoles.ts); a verified
 * address (403), asked only of those who may see the organisation, so it tells nobody else that an id exists. The caller's access is left on the request (`organizationAccessOf`).
 */
export function installAccess(
  app: FastifyInstance,
  { membership, externalProvider }: { membership: Membership; externalProvider: boolean },
) {
  app.decorateRequest('organizationAccess', null);

  /**
   * The membership check as declared, for the organisation `organizationId()` names, then the address: whoever may
   * not see the organisation hears its 404 first, verified or not, so an unverified address learns no more about
   * which ids exist than anybody else; a member whose address is unconfirmed then hears 403 email_not_verified.
   */
  async function authorize(request: FastifyRequest, d: MemberAccess, organizationId: () => unknown, notFound?: () => HttpError) {
    const user = callerOf(request);
    const requirement: MembershipRequirement = {
      allowAdmin: d.mode === 'read' ? 'read' : false,
      act: d.mode,
      ...(d.fund ? { fund: d.fund } : {}),
      ...(notFound ? { notFound } : {}),
      ...(d.readOnlyMessage ? { adminReadOnly: d.readOnlyMessage } : {}),
    };
    const access = await membership.check(user, organizationId(), requirement);
    // A suspended organisation's members read but change nothing (machines/organization-lifecycle).
    // Leaving is not a change of the organisation's: RemoveMember asks it of a Referente removing someone else.
    if (d.mode !== 'read' && d.mode !== 'leave' && access.role !== null) refuseWhileSuspended(access.organization);
    if (d.verifiedEmail) refuseUnverified(user, externalProvider);
    request.organizationAccess = access;
    return access;
  }

  function organizationIdIn(request: FastifyRequest, source: Exclude<OrganizationSource, OwnedObject<OwnedRow>>): unknown {
    if ('query' in source) return fieldOf(request.query, source.query);
    if ('body' in source) return fieldOf(request.body, source.body);
    return selectedOrganizationId(request);
  }

  app.decorateRequest('authorizeOrganization', async function (this: FastifyRequest, organizationId: unknown) {
    const access = this.routeOptions.config.access;
    const d = access && declared(access);
    if (d?.who !== 'member' || d.checkedIn !== 'handler') throw new Error(`${this.routeOptions.url} is not checked in its handler`);
    return authorize(this, d, () => organizationId);
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) throw new Error(`${request.routeOptions.url} declares no access`);
    const d = declared(access);
    if (d.who === 'anonymous') return;
    const user = callerOf(request);
    const isPlatformAdmin = isAdminRole(user.roles);
    if (d.who === 'admin') {
      if (!isPlatformAdmin) throw forbidden(messages.auth.forbidden);
      const source = d.organization;
      if (source instanceof OwnedObject) {
        const object = await source.resolve(request);
        request.organizationAccess = await membership.check(user, object.organizationId, { allowAdmin: 'read', notFound: source.notFound });
      } else if (source) {
        request.organizationAccess = await membership.check(user, organizationIdIn(request, source), { allowAdmin: 'read' });
      }
      return;
    }
    if (typeof d.platformAdmin === 'object' && isPlatformAdmin) throw forbidden(d.platformAdmin.refused);
    if (d.who === 'user') {
      if (d.verifiedEmail) refuseUnverified(user, externalProvider);
      return;
    }
    if (d.checkedIn === 'handler') return;
    const source = d.organization;
    if (source instanceof OwnedObject) {
      const object = await source.resolve(request);
      if (d.platformAdmin === 'acts' && isPlatformAdmin) return;
      await authorize(request, d, () => object.organizationId, source.notFound);
      return;
    }
    if (d.platformAdmin === 'acts' && isPlatformAdmin) return;
    await authorize(request, d, () => organizationIdIn(request, source));
  });
}
