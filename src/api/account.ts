import type { User } from '../../domain/user.ts';
import type { ApiClient } from './client.ts';

/** What the account page may change; e-mail and roles travel along unchanged (spec §7 body) and the server ignores them. */
export interface AccountNames {
  firstName: string;
  lastName: string;
}

/** POST /api/User/UpdateUser (spec §7): the person's own names; answers with the updated User. */
export async function updateUser(api: ApiClient, user: User, names: AccountNames): Promise<User> {
  const body = { id: user.id, firstName: names.firstName, lastName: names.lastName, email: user.email, roles: user.roles };
  return await api<User>('/api/User/UpdateUser', { method: 'POST', body });
}
