import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema, userStatusSchema } from '../../domain/user.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { UserRepository } from '../repositories/users.ts';

export const userRoutes: FastifyPluginAsyncZod<{ users: UserRepository }> = async (app, { users }) => {
  app.get('/api/User', { schema: { response: { 200: userSchema } } }, async (request) => users.toUser(requireUser(request)));

  app.get('/api/User/IsUserAdmin', { schema: { response: { 200: z.boolean() } } }, async (request) =>
    isAdminRole(requireUser(request).roles),
  );

  app.get('/api/User/GetUserStatus', { schema: { response: { 200: userStatusSchema } } }, async (request) => {
    const user = requireUser(request);
    const organizations = await users.organizationsOf(user.id);
    return { isAdmin: isAdminRole(user.roles), hasOrganization: organizations.length > 0, organizationsCount: organizations.length };
  });
};
