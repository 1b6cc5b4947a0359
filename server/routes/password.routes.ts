import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordMessages } from '../../domain/messages/password.ts';
import { changePasswordFieldLabels, changePasswordRequestSchema, identityProviderSchema } from '../../domain/passwordChange.ts';
import { callerOf, type RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import type { PasswordChanges } from '../idp/passwordChanges.ts';
import { errorResponses } from './errorResponses.ts';
import { fieldError, labelFields } from './fieldErrors.ts';

const signedIn: RouteAccess = 'user';

interface Options {
  /** The issuer whose users this portal keeps passwords for: the embedded provider's, or an external one. */
  issuer: string;
  /** Present with the embedded provider only: an external provider keeps the password itself. */
  passwordChanges: PasswordChanges | undefined;
}

/** The account page's password: who keeps it, and changing it at the embedded provider. */
export const passwordRoutes: FastifyPluginAsyncZod<Options> = async (app, { issuer, passwordChanges }) => {
  labelFields(app, changePasswordFieldLabels);

  app.get(
    '/api/User/GetIdentityProvider',
    { config: { access: signedIn }, schema: { response: { 200: identityProviderSchema } } },
    async () => (passwordChanges ? { kind: 'embedded' as const } : { kind: 'external' as const, issuer }),
  );

  app.post(
    '/api/User/ChangePassword',
    {
      config: { access: signedIn },
      schema: {
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses(signedIn, [400, 409, 429]) },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      if (!passwordChanges || user.issuer !== issuer) {
        throw new HttpError(409, 'password_managed_elsewhere', passwordMessages.managedElsewhere);
      }
      const outcome = await passwordChanges.change(user.subject, request.ip, request.body);
      if (outcome === 'no_account') throw new HttpError(409, 'password_managed_elsewhere', passwordMessages.managedElsewhere);
      if (outcome === 'wrong_current') {
        request.log.info({ event: 'idp.password_change.refused' }, 'password change refused: wrong current password');
        throw fieldError('currentPassword', passwordMessages.currentWrong, changePasswordFieldLabels);
      }
      if (outcome === 'same_as_current') throw fieldError('newPassword', passwordMessages.sameAsCurrent, changePasswordFieldLabels);
      request.log.info({ event: 'idp.password_change.done', userId: user.id }, 'password changed');
      return reply.code(204).send(null);
    },
  );
};
