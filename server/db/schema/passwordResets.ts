import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idpAccounts } from './identity.ts';

/**
 * "Password dimenticata?" at the embedded provider (server/idp/passwordResets.ts): at most one link per account,
 * the latest asked for. Only the SHA-256 of the link's token is kept, so a copy of the database resets nobody's
 * password; the link works once (`used_at`), before `expires_at` (60 minutes). `requested_at` keeps a second
 * request within a short window (a double click) from sending a second e-mail.
 */
export const passwordResets = pgTable('password_resets', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => idpAccounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
