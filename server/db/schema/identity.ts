import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Accounts of the embedded identity provider. Unused when an external provider is configured. */
export const idpAccounts = pgTable('idp_accounts', {
  id: id(),
  /** Stored lower-cased: e-mail addresses are compared case-insensitively. */
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  roles: jsonb('roles').$type<string[]>().notNull().default([]),
  /** When the person opened the verification link mailed at registration; null until then. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** When the person accepted the terms at registration, and the version of the privacy notice they were shown. */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  privacyNoticeVersion: text('privacy_notice_version'),
  /** The codice fiscale the person gave at registration (optional, validated), sent as the `fiscal_number` claim. */
  fiscalCode: text('fiscal_code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Links mailed to confirm an account's address. Only the SHA-256 of the link's token is kept; a link works
 * once (`used_at`), before `expires_at`.
 */
export const idpEmailVerifications = pgTable(
  'idp_email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idp_email_verifications_account_idx').on(t.accountId)],
);

/** oidc-provider's models (sessions, grants, codes, refresh tokens, interactions…), so a restart logs nobody out. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Secrets generated on first start (signing keys, cookie keys, client secret), kept across restarts. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Renewals of the last few seconds (server/auth/refreshRenewals.ts): the refresh token a renewal rotated is
 * still accepted for REFRESH_TOKEN_REUSE_SECONDS and answers the same new tokens, so two tabs (or a retry after
 * a lost answer) renewing with it do not end the session. No usable token is kept: rows are found by a hash
 * of the old refresh token, and the new tokens are sealed with a key derived from it. A row without
 * `sealed_tokens` is a renewal under way at the provider: another request with the same token waits for it.
 */
export const refreshTokenRenewals = pgTable(
  'refresh_token_renewals',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The hash of the refresh token the renewal issued: revoking that one forgets the renewal too. */
    renewedTokenHash: text('renewed_token_hash'),
    sealedTokens: text('sealed_tokens'),
    /** The claim's deadline while the renewal is under way, then the end of the reuse window. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('refresh_token_renewals_renewed_idx').on(t.renewedTokenHash), index('refresh_token_renewals_expires_idx').on(t.expiresAt)],
);
