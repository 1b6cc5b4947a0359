import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changeXact: changeXact(),
  },
  (t) => [index('organizations_name_idx').on(t.name), index('organizations_change_xact_idx').on(t.changeXact)],
);

/** Membership of a user in an organisation; `role` 'admin' is the organisation's own administrator label. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user_idx').on(t.userId)],
);
