import { eq } from 'drizzle-orm';
import { isLegalRepresentative, mayAct } from '../../domain/memberRoles.ts';
import {
  LEGAL_REPRESENTATIVE_KEYS,
  legalRepresentativeOf,
  organizationFieldValues,
  parseMemberRole,
  type OrganizationDetail,
  type OrganizationProfile,
  type OrganizationSummary,
} from '../../domain/organization.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { membersMayAct } from '../../machines/organization-lifecycle/transitions.ts';
import type { Membership, OrganizationAccess, OrganizationRow } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/uniqueViolation.ts';
import { organizationMembers, organizations } from '../db/schema/organizations.ts';
import type { Territory } from '../reference/territory.ts';
import { formeGiuridiche } from '../reference/typologies.ts';
import { recordOrganizationEvent, type HistoryPerson } from './history.ts';

interface Deps {
  db: Db;
  membership: Pick<Membership, 'membersOf'>;
  territory: Territory;
}

/** Stored profile fields: everything but the name, e-mail and VAT, which are kept in their own columns. */
type StoredProfile = Omit<OrganizationProfile, 'name' | 'email'> & { privacy: boolean };

const collator = new Intl.Collator('it', { sensitivity: 'base' });

/** The representation's keys as a history entry compares them (a profile stored before a key existed has it unset). */
const representationFacts = (profile: Record<string, unknown>) =>
  Object.fromEntries(
    LEGAL_REPRESENTATIVE_KEYS.map((key) => [key, key === 'firmaCongiunta' ? profile[key] === true : (profile[key] ?? null)]),
  );

/**
 * The organisations as stored: the name, e-mail and VAT in their columns, every other field of
 * ORGANIZATION_FIELDS (domain/organization.ts) in the profile JSON, and the detail the API gives of them.
 */
export function createOrganizationRepository({ db, membership, territory }: Deps) {
  /** The stored row as the complete profile it was saved as (tolerant of rows written before a field existed). */
  function profileOf(row: OrganizationRow): Record<string, unknown> {
    return { ...row.profile, name: row.name, email: row.email ?? '' };
  }

  async function detailOf(row: OrganizationRow, access: Pick<OrganizationAccess, 'role' | 'user'>): Promise<OrganizationDetail> {
    const values = organizationFieldValues(row);
    const { formaGiuridica, region, province, comune } = values;
    return {
      id: row.id,
      ...values,
      formaGiuridicaName: formeGiuridiche.find((f) => f.id === formaGiuridica)?.name ?? null,
      regionName: region === null ? null : (territory.region(region)?.name ?? null),
      provinceName: province === null ? null : (territory.provinceName(province) ?? null),
      comuneName: comune === null ? null : (territory.comuneName(comune) ?? null),
      legaleRappresentante: legalRepresentativeOf(row.profile),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      members: await membership.membersOf(row.id),
      myRole: access.role,
      status: row.status === 'suspended' ? 'suspended' : 'active',
      suspensionReason: row.suspensionReason,
      // A Referente edits the profile and invites, while the organisation's lifecycle lets its members act.
      canEdit: access.role !== null && mayAct('manage', { role: access.role, isLegalRepresentative: false }) && membersMayAct(row),
      isLegalRepresentative: isLegalRepresentative(access.user.fiscalCode, row.profile),
    };
  }

  return {
    profileOf,
    detailOf,

    /** The user's organisations, or all of them for a platform administrator, sorted by name; with the user's role in each. */
    async listFor(user: { id: string; roles: readonly string[] }): Promise<OrganizationSummary[]> {
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

    /** The organisation registered with this VAT number, if any. */
    async byPIva(pIva: string): Promise<{ pIva: string; id: string; name: string } | undefined> {
      const [row] = await db
        .select({ pIva: organizations.pIva, id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.pIva, pIva));
      return row;
    },

    /**
     * Registers an organisation with `user` as its first member, a Referente. Null when its VAT number is already
     * registered, by an earlier registration or by one at the same moment (the unique index decides).
     */
    async create(user: { id: string }, input: OrganizationProfile & { pIva: string; privacy: boolean }): Promise<string | null> {
      const { name, email, pIva, ...profile } = input;
      const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.pIva, pIva));
      if (existing) return null;
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(organizations)
            .values({ name, email, pIva, profile: profile satisfies StoredProfile })
            .returning({ id: organizations.id });
          await tx.insert(organizationMembers).values({ organizationId: created!.id, userId: user.id, role: 'admin' });
          return created!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /**
     * Stores the organisation's new profile (privacy stays as accepted at registration); a change of its legal
     * representation goes into its history in the same transaction.
     */
    async update(row: OrganizationRow, actor: HistoryPerson, input: OrganizationProfile): Promise<OrganizationRow> {
      const { name, email, ...rest } = input;
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
            actor,
            details: { before, after },
          });
        }
        return written!;
      });
      return updated;
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
