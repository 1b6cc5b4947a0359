import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idpAccounts, idpEmailVerifications } from '../db/schema/identity.ts';
import { identityProviderMessages } from '../../domain/messages/identityProvider.ts';
import { ADMIN_ROLE } from '../../domain/roles.ts';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword as hashWithCost, verifyPassword } from './passwords.ts';

export type IdpAccount = typeof idpAccounts.$inferSelect;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** How long a mailed verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What opening a verification link did. */
export type EmailVerificationResult = { outcome: 'verified' | 'already_verified'; account: IdpAccount } | { outcome: 'invalid' };

/** `passwordHashCost`: scrypt's cost for the passwords this store sets (PASSWORD_HASH_COST). */
export function createAccountStore(db: Db, passwordHashCost = DEFAULT_PASSWORD_HASH_COST) {
  const hashPassword = (password: string) => hashWithCost(password, passwordHashCost);
  // Spent on unknown e-mails too, at the same cost, so response time does not reveal which addresses have an account.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  return {
    /** A new password's hash, at the store's cost (registration, reset, change). */
    hashPassword,

    async findById(id: string): Promise<IdpAccount | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [account] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id));
      return account;
    },

    async findByEmail(email: string): Promise<IdpAccount | undefined> {
      const [account] = await db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.email, normaliseEmail(email)));
      return account;
    },

    /** The account when e-mail and password match, otherwise undefined. */
    async authenticate(email: string, password: string): Promise<IdpAccount | undefined> {
      const account = await this.findByEmail(email);
      const ok = await verifyPassword(password, account?.passwordHash ?? (await dummy()));
      return ok ? account : undefined;
    },

    /**
     * Creates an account, with when the person accepted the terms and which privacy notice they were shown;
     * undefined when the e-mail is already registered.
     */
    async register(input: {
      email: string;
      firstName: string;
      lastName: string;
      password: string;
      /** Normalised and valid (the registration form checks it), or undefined when the person gave none. */
      fiscalCode?: string;
      termsAcceptedAt: Date;
      privacyNoticeVersion: string;
    }) {
      const [created] = await db
        .insert(idpAccounts)
        .values({
          email: normaliseEmail(input.email),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: await hashPassword(input.password),
          termsAcceptedAt: input.termsAcceptedAt,
          privacyNoticeVersion: input.privacyNoticeVersion,
          fiscalCode: input.fiscalCode ?? null,
        })
        .onConflictDoNothing({ target: idpAccounts.email })
        .returning();
      return created;
    },

    /**
     * Creates the bootstrap administrator, or makes the existing account an administrator and, when a
     * password is given, sets it. Returns the password when one was generated, so the console can show it.
     */
    async ensureAdmin(email: string, password: string | undefined): Promise<{ generatedPassword?: string; created: boolean }> {
      const existing = await this.findByEmail(email);
      if (existing) {
        const roles = existing.roles.includes(ADMIN_ROLE) ? existing.roles : [...existing.roles, ADMIN_ROLE];
        // The operator named this address in the configuration: it needs no link to be trusted.
        await db
          .update(idpAccounts)
          .set({
            roles,
            ...(password ? { passwordHash: await hashPassword(password) } : {}),
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(idpAccounts.id, existing.id));
        return { created: false };
      }
      const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
      const inserted = await db
        .insert(idpAccounts)
        .values({
          email: normaliseEmail(email),
          firstName: identityProviderMessages.adminAccount.firstName,
          lastName: identityProviderMessages.adminAccount.lastName,
          passwordHash: await hashPassword(password ?? generatedPassword!),
          roles: [ADMIN_ROLE],
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing({ target: idpAccounts.email })
        .returning({ id: idpAccounts.id });
      // Another process starting at the same moment created it first: it is theirs, as on a later start.
      if (inserted.length === 0) return this.ensureAdmin(email, password);
      return { generatedPassword, created: true };
    },

    /**
     * A new verification link's token for the account (only its hash is stored), valid for
     * EMAIL_VERIFICATION_TTL_MS. Earlier links of the account stay valid until they expire.
     */
    async createEmailVerification(accountId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS);
      await db.insert(idpEmailVerifications).values({ tokenHash: hashToken(token), accountId, expiresAt, createdAt: now });
      return { token, expiresAt };
    },

    /**
     * Opens a verification link: the first use of an unexpired link marks its account verified, once (the
     * update claims the link, so two clicks at once verify once); any other use is invalid, except that a
     * person opening their used link again is told their address is already verified.
     */
    async verifyEmail(token: string, now = new Date()): Promise<EmailVerificationResult> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { outcome: 'invalid' };
      const tokenHash = hashToken(token);
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(idpEmailVerifications)
          .set({ usedAt: now })
          .where(
            and(
              eq(idpEmailVerifications.tokenHash, tokenHash),
              isNull(idpEmailVerifications.usedAt),
              gt(idpEmailVerifications.expiresAt, now),
            ),
          )
          .returning({ accountId: idpEmailVerifications.accountId });
        if (!claimed) {
          // A used link does nothing again; its owner, if verified since, is told so rather than sent away.
          const [used] = await tx
            .select({ account: idpAccounts })
            .from(idpEmailVerifications)
            .innerJoin(idpAccounts, eq(idpAccounts.id, idpEmailVerifications.accountId))
            .where(and(eq(idpEmailVerifications.tokenHash, tokenHash), isNotNull(idpEmailVerifications.usedAt)));
          return used?.account.emailVerifiedAt
            ? ({ outcome: 'already_verified', account: used.account } as const)
            : ({ outcome: 'invalid' } as const);
        }
        const [before] = await tx.select().from(idpAccounts).where(eq(idpAccounts.id, claimed.accountId)).for('update');
        if (!before) return { outcome: 'invalid' } as const;
        if (before.emailVerifiedAt) return { outcome: 'already_verified', account: before } as const;
        const [account] = await tx
          .update(idpAccounts)
          .set({ emailVerifiedAt: now, updatedAt: now })
          .where(eq(idpAccounts.id, before.id))
          .returning();
        // Links not used yet have nothing left to do.
        await tx
          .delete(idpEmailVerifications)
          .where(and(eq(idpEmailVerifications.accountId, before.id), isNull(idpEmailVerifications.usedAt)));
        return { outcome: 'verified', account: account! } as const;
      });
    },

    /** Forgets links expired more than a day ago (used ones included). */
    async purgeEmailVerifications(now = new Date()) {
      await db
        .delete(idpEmailVerifications)
        .where(lt(idpEmailVerifications.expiresAt, new Date(now.getTime() - EMAIL_VERIFICATION_TTL_MS)));
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
