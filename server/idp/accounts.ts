import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idpAccounts } from '../db/schema/identity.ts';
import { ADMIN_ROLE } from '../../domain/roles.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type IdpAccount = typeof idpAccounts.$inferSelect;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

// Spent on unknown e-mails too, so response time does not reveal which addresses have an account.
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

export function createAccountStore(db: Db) {
  return {
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
      const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH));
      return ok ? account : undefined;
    },

    /** Creates an account; undefined when the e-mail is already registered. */
    async register(input: { email: string; firstName: string; lastName: string; password: string }) {
      const [created] = await db
        .insert(idpAccounts)
        .values({
          email: normaliseEmail(input.email),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: await hashPassword(input.password),
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
        await db
          .update(idpAccounts)
          .set({ roles, ...(password ? { passwordHash: await hashPassword(password) } : {}), updatedAt: new Date() })
          .where(eq(idpAccounts.id, existing.id));
        return { created: false };
      }
      const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
      const inserted = await db
        .insert(idpAccounts)
        .values({
          email: normaliseEmail(email),
          firstName: 'Amministratore',
          lastName: 'Portale',
          passwordHash: await hashPassword(password ?? generatedPassword!),
          roles: [ADMIN_ROLE],
        })
        .onConflictDoNothing({ target: idpAccounts.email })
        .returning({ id: idpAccounts.id });
      // Another process starting at the same moment created it first: it is theirs, as on a later start.
      if (inserted.length === 0) return this.ensureAdmin(email, password);
      return { generatedPassword, created: true };
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
