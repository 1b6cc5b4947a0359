import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { organizationMembers, organizations } from '../db/schema/organizations.ts';
import { ADMIN_ROLE } from '../../domain/roles.ts';
import type { AccessTokenClaims } from './accessToken.ts';
import type { User, UserOrganization } from '../../domain/user.ts';
import { fiscalCodeProblem, normaliseFiscalCode, type FiscalCodeProblem } from '../../domain/fiscalCode.ts';
import { FISCAL_NUMBER_CLAIM } from '../config.ts';

export type UserRow = typeof users.$inferSelect;

/** The person's details as the identity provider states them in the token. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string;
  /**
   * The provider vouches that the person controls `email` (OIDC `email_verified`); undefined when this token or
   * document does not say (many providers put the claim in the ID token or userinfo only, not the access token).
   */
  emailVerified: boolean | undefined;
  firstName?: string;
  lastName?: string;
  /** Present only when the provider sends a `roles` claim; otherwise the roles in our database stand. */
  roles?: string[];
  /**
   * The person's codice fiscale (normalised, valid) when the provider sends one (SPID/CIE `fiscal_number`); undefined
   * when this token says nothing, or something that is not a fiscal code (then `fiscalCodeRejected` says why).
   */
  fiscalCode?: string;
  fiscalCodeRejected?: FiscalCodeProblem;
}

/** What an issuer's tokens mean beyond the standard claims (OidcClient: OIDC_TRUST_EMAIL, OIDC_FISCAL_CODE_CLAIM). */
export interface ClaimsPolicy {
  trustEmail: boolean;
  fiscalCodeClaim: string;
}

const DEFAULT_POLICY: ClaimsPolicy = { trustEmail: false, fiscalCodeClaim: FISCAL_NUMBER_CLAIM };

/** The fiscal code claim as providers send it (`TINIT-RSSMRA80A01H501U`, or the bare code): valid, or why not. */
function fiscalCodeClaim(value: unknown): Pick<IdentityClaims, 'fiscalCode' | 'fiscalCodeRejected'> {
  if (typeof value !== 'string' || value.trim() === '') return {};
  const code = normaliseFiscalCode(value);
  const problem = fiscalCodeProblem(code);
  return problem ? { fiscalCodeRejected: problem } : { fiscalCode: code };
}

/** `email_verified` as providers send it: a boolean, or (some) the text "true"/"false"; anything else says nothing. */
function emailVerifiedClaim(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/**
 * The person as an access token, an ID token or a userinfo document describes them. `trustEmail` (OIDC_TRUST_EMAIL):
 * any address the provider gives is verified; `fiscalCodeClaim` (OIDC_FISCAL_CODE_CLAIM): where the codice fiscale is.
 */
export function identityFromClaims(issuer: string, claims: AccessTokenClaims, policy: ClaimsPolicy = DEFAULT_POLICY): IdentityClaims {
  const { trustEmail } = policy;
  const [nameFirst, ...nameRest] = typeof claims.name === 'string' ? claims.name.split(' ') : [];
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  return {
    issuer,
    subject: claims.sub,
    email,
    emailVerified: trustEmail && email ? true : emailVerifiedClaim(claims.email_verified),
    firstName: typeof claims.given_name === 'string' ? claims.given_name : nameFirst,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : nameRest.join(' ') || undefined,
    roles: Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : undefined,
    ...fiscalCodeClaim((claims as Record<string, unknown>)[policy.fiscalCodeClaim]),
  };
}

export function createUserRepository(db: Db, options: { adminEmail: string }) {
  /**
   * With an external provider, ADMIN_EMAIL names the first administrator; only a verified address counts,
   * or anyone registering that address at a lax provider would become one.
   */
  const rolesFor = (identity: IdentityClaims, current: string[]) => {
    const roles = identity.roles ?? current;
    const isBootstrapAdmin = identity.emailVerified === true && identity.email === options.adminEmail;
    const needsAdmin = isBootstrapAdmin && !roles.some((r) => r.toLowerCase() === ADMIN_ROLE);
    return needsAdmin ? [...roles, ADMIN_ROLE] : roles;
  };

  // Every authenticated call runs this: built once, prepared once per connection, not rebuilt per request.
  const byIdentity = db
    .select()
    .from(users)
    .where(and(eq(users.issuer, sql.placeholder('issuer')), eq(users.subject, sql.placeholder('subject'))))
    .prepare('user_by_identity');
  // GET /api/User, the first call of every page load.
  const organizationsOfUser = db
    .select({
      id: organizations.id,
      name: organizations.name,
      email: organizations.email,
      pIva: organizations.pIva,
      status: sql<'active' | 'suspended'>`case when ${organizations.status} = 'suspended' then 'suspended' else 'active' end`,
      suspensionReason: organizations.suspensionReason,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, sql.placeholder('userId')))
    .orderBy(asc(organizations.name))
    .prepare('organizations_of_user');

  return {
    /**
     * The user for this identity, created on their first authenticated call. Profile fields follow the
     * provider only while the person has not yet given their own (the account page edits them here).
     */
    async ensure(identity: IdentityClaims): Promise<UserRow> {
      const key = and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject));
      const [existing] = await byIdentity.execute({ issuer: identity.issuer, subject: identity.subject });
      if (!existing) {
        const [created] = await db
          .insert(users)
          .values({
            issuer: identity.issuer,
            subject: identity.subject,
            email: identity.email,
            firstName: identity.firstName ?? '',
            lastName: identity.lastName ?? '',
            roles: rolesFor(identity, []),
            emailVerified: identity.emailVerified ?? false,
            fiscalCode: identity.fiscalCode ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (created) return created;
        const [raced] = await db.select().from(users).where(key);
        return raced!;
      }
      const changes: Partial<UserRow> = {};
      const roles = rolesFor(identity, existing.roles);
      if (JSON.stringify(roles) !== JSON.stringify(existing.roles)) changes.roles = roles;
      const emailChanged = identity.email !== '' && identity.email !== existing.email;
      if (emailChanged) changes.email = identity.email;
      // The provider's latest word on the address, either way; a token that says nothing leaves it as it was, unless the
      // address itself changed (a changed address is unverified until the provider says otherwise).
      const emailVerified = identity.emailVerified ?? (emailChanged ? false : existing.emailVerified);
      if (emailVerified !== existing.emailVerified) changes.emailVerified = emailVerified;
      // The provider's latest word on the codice fiscale; a token that says nothing (or nothing valid) leaves it as it was.
      if (identity.fiscalCode !== undefined && identity.fiscalCode !== existing.fiscalCode) changes.fiscalCode = identity.fiscalCode;
      if (!existing.firstName && identity.firstName) changes.firstName = identity.firstName;
      if (!existing.lastName && identity.lastName) changes.lastName = identity.lastName;
      if (Object.keys(changes).length === 0) return existing;
      const [updated] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      return updated!;
    },

    async organizationsOf(userId: string): Promise<UserOrganization[]> {
      return organizationsOfUser.execute({ userId });
    },

    async toUser(row: UserRow): Promise<User> {
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        emailVerified: row.emailVerified,
        fiscalCode: row.fiscalCode,
        roles: row.roles,
        organizations: await this.organizationsOf(row.id),
      };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
