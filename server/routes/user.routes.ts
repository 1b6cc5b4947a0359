import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountFieldLabels, updateUserRequestSchema } from '../../domain/account.ts';
import { accountMessages } from '../../domain/messages/account.ts';
import { userSchema, userStatusSchema } from '../../domain/user.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { callerOf, type RouteAccess } from '../auth/access.ts';
import type { UserRepository } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { users as usersTable } from '../db/schema/users.ts';
import { HttpError } from '../errors.ts';
import { errorResponses } from './errorResponses.ts';
import { labelFields } from './fieldErrors.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import { resendVerificationRequestSchema, resendVerificationResponseSchema } from '../../domain/verification.ts';

interface Options {
  users: UserRepository;
  db: Db;
  /**
   * Mails a new verification link to the embedded provider's account of this subject; absent with an external
   * provider, which verifies addresses its own way.
   */
  resendVerification?: (subject: string) => Promise<void>;
}

/** Every route of this file is the signed-in person's own. */
const signedIn: RouteAccess = 'user';

export const userRoutes: FastifyPluginAsyncZod<Options> = async (app, { users, db, resendVerification }) => {
  labelFields(app, accountFieldLabels);
  const options = { config: { access: signedIn } };

  app.get('/api/User', { ...options, schema: { response: { 200: userSchema } } }, async (request) => users.toUser(callerOf(request)));

  app.get('/api/User/IsUserAdmin', { ...options, schema: { response: { 200: z.boolean() } } }, async (request) =>
    isAdminRole(callerOf(request).roles),
  );

  app.get('/api/User/GetUserStatus', { ...options, schema: { response: { 200: userStatusSchema } } }, async (request) => {
    const user = callerOf(request);
    const organizations = await users.organizationsOf(user.id);
    return { isAdmin: isAdminRole(user.roles), hasOrganization: organizations.length > 0, organizationsCount: organizations.length };
  });

  /**
   * The account page (spec §2): a person changes their own first and last name. The e-mail comes from the
   * identity provider and roles from the administrators: both are ignored here.
   */
  app.post(
    '/api/User/UpdateUser',
    {
      ...options,
      schema: {
        body: updateUserRequestSchema,
        response: { 200: userSchema, ...errorResponses(signedIn, [400, 403]) },
      },
    },
    async (request) => {
      const user = callerOf(request);
      if (request.body.id !== user.id) throw new HttpError(403, 'forbidden', accountMessages.notYourAccount);
      const [updated] = await db
        .update(usersTable)
        .set({ firstName: request.body.firstName, lastName: request.body.lastName, updatedAt: new Date() })
        .where(eq(usersTable.id, user.id))
        .returning();
      return users.toUser(updated!);
    },
  );

  /**
   * «Invia di nuovo il link»: a new verification link to the caller's address. Always the same 202, whether a
   * mail left, the address was verified already or the account asked too often (limited per account). With an
   * external provider the portal has no link to send: 409, saying where the address is confirmed.
   */
  app.post(
    '/api/User/ResendVerificationEmail',
    {
      ...options,
      schema: {
        body: resendVerificationRequestSchema,
        response: { 202: resendVerificationResponseSchema, ...errorResponses(signedIn, [400, 409]) },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      if (!resendVerification) throw new HttpError(409, 'verification_managed_elsewhere', verificationMessages.externalBanner);
      if (!user.emailVerified) await resendVerification(user.subject);
      return reply.code(202).send({ message: verificationMessages.resent });
    },
  );
};
