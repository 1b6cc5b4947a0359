import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** A person known to the portal, keyed by the identity provider that vouches for them. */
export const users = pgTable(
  'users',
  {
    id: id(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    /** The provider's `email_verified`, as its latest token said: until true, no organisation, no hand-over, no mail. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The personal codice fiscale (16 characters, normalised), as the provider's `fiscal_number` last said; null if never said. */
    fiscalCode: text('fiscal_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject)],
);
