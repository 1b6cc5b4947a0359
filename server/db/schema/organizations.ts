import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { changeXact, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** An applicant organisation (spec §3). The full profile is validated by the domain schema and kept in `profile`. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    pIva: text('p_iva').notNull().unique(),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The organisation's lifecycle (machines/organization-lifecycle): 'active', or 'suspended' by a platform
     * administrator, when its members may read but not change or hand over anything.
     */
    status: text('status').notNull().default('active'),
    /** Why it is suspended, as the administrator wrote it (shown to its members); null when active. */
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changeXact: changeXact(),
  },
  (t) => [index('organizations_name_idx').on(t.name), index('organizations_change_xact_idx').on(t.changeXact)],
);

/**
 * Membership of a user in an organisation, with one role (domain/organization.ts MEMBER_ROLES): 'admin' is the
 * Referente (the spec's "admin" label: manages members and the profile), 'editor' the Compilatore, 'viewer' Sola
 * lettura.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('editor'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user_idx').on(t.userId)],
);

/**
 * The organisation's history: every act on who acts for it (members added, removed or given another role, the
 * referent moved, the legal representative changed, suspension and its end, join requests and their outcome),
 * with who did it, when and why. Rows are only ever added.
 */
export const organizationEvents = pgTable(
  'organization_events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** domain/organizationHistory.ts ORGANIZATION_EVENT_KINDS. */
    kind: text('kind').notNull(),
    /** Who acted; null for the platform itself (an expired request) or an account since deleted (`actorName` stays). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and address as they were, so the history still says who after the account is gone. */
    actorName: text('actor_name').notNull().default(''),
    /** Whether the actor acted as a platform administrator. */
    actorIsPlatformAdmin: boolean('actor_is_platform_admin').notNull().default(false),
    /** The person the act is about (the member added, removed, the requester), if any. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectName: text('subject_name'),
    /** The reason the actor gave (required of administrators' acts). */
    reason: text('reason'),
    /** What changed, by kind (old and new role, the legal representative's fields before and after, …). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_events_organization_at_idx').on(t.organizationId, t.at)],
);

/**
 * A person's request to join an organisation whose P.IVA is already registered (machines/join-request):
 * 'pending' until a referent or a platform administrator accepts or refuses it, or it is 30 days old ('expired').
 * One pending request per person and organisation.
 */
export const organizationJoinRequests = pgTable(
  'organization_join_requests',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The requester's short reason, shown to whoever decides. */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the decider wrote back (optional for a referent's decision). */
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('organization_join_requests_pending_key')
      .on(t.organizationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('organization_join_requests_status_idx').on(t.status, t.createdAt),
    index('organization_join_requests_user_idx').on(t.userId),
  ],
);
