import { queryOptions } from '@tanstack/react-query';
import type { ChangePasswordRequest, IdentityProvider } from '../../domain/passwordChange.ts';
import type { ApiClient } from './client.ts';

/** GET /api/User/GetIdentityProvider: whether the portal keeps the password (embedded provider) or which issuer does. */
export async function getIdentityProvider(api: ApiClient, signal?: AbortSignal): Promise<IdentityProvider> {
  return await api<IdentityProvider>('/api/User/GetIdentityProvider', { signal });
}

/** POST /api/User/ChangePassword: 204 when changed; a 400 names the field (wrong current password, rules). */
export async function changePassword(api: ApiClient, body: ChangePasswordRequest): Promise<void> {
  await api<null>('/api/User/ChangePassword', { method: 'POST', body });
}

export const passwordQueries = {
  identityProvider: (api: ApiClient) =>
    queryOptions({
      queryKey: ['user', 'identityProvider'] as const,
      queryFn: ({ signal }) => getIdentityProvider(api, signal),
      // The provider is the deployment's: it does not change while the page is open.
      staleTime: Infinity,
    }),
};
