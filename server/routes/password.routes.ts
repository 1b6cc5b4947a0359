import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import { passwordMessages } from '../../domain/messages/password.ts';
import { changePasswordFieldLabels, changePasswordRequestSchema, identityProviderSchema } from '../../domain/passwordChange.ts';
import { fieldErrorSchema } from '../../domain/validation.ts';
import { requireUser } from '../auth/authenticate.ts';
import { HttpError } from '../errors.ts';
import type { PasswordChanges } from '../idp/passwordChanges.ts';
import { fieldError, installFieldErrorHandler } from './fieldErrors.ts';

interface Options {
  /** The issuer whose users this portal keeps passwords for: the embedded provider's, or an external one. */
  issuer: string;
  /** Present with the embedded provider only: an external provider keeps the password itself. */
  passwordChanges: PasswordChanges | undefined;
}

/** The account page's password: who keeps it, and changing it at the embedded provider. */
export const passwordRoutes: FastifyPluginAsyncZod<Options> = async (app, { issuer, passwordChanges }) => {
  installFieldErrorHandler(app, changePasswordFieldLabels);

  app.get('/api/User/GetIdentityProvider', { schema: { response: { 200: identityProviderSchema } } }, async (request) => {
    requireUser(request);
    return passwordChanges ? { kind: 'embedded' as const } : { kind: 'external' as const, issuer };
  });

  app.post(
    '/api/User/ChangePassword',
    {
      schema: {
        body: changePasswordRequestSchema,
        response: { 204: z.null(), 400: fieldErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!passwordChanges || user.issuer !== issuer) {
        throw new HttpError(409, 'password_managed_elsewhere', passwordMessages.managedElsewhere);
      }
      const outcome = await passwordChanges.change(user.subject, request.body);
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
