import { queryOptions } from '@tanstack/react-query';
import type { User, UserStatus } from '../../domain/user.ts';
import type { ResendVerificationResponse } from '../../domain/verification.ts';
import type { ApiClient } from './client.ts';

interface CallOptions {
  /** Only the auth machine passes a token: it checks a token it has just received. */
  accessToken?: string;
  signal?: AbortSignal;
}

export async function getCurrentUser(api: ApiClient, options: CallOptions = {}): Promise<User> {
  const auth = options.accessToken === undefined ? 'session' : { accessToken: options.accessToken };
  return await api<User>('/api/User', { auth, signal: options.signal });
}

export async function getIsUserAdmin(api: ApiClient, signal?: AbortSignal): Promise<boolean> {
  return await api<boolean>('/api/User/IsUserAdmin', { signal });
}

export async function getUserStatus(api: ApiClient, signal?: AbortSignal): Promise<UserStatus> {
  return await api<UserStatus>('/api/User/GetUserStatus', { signal });
}

/** «Invia di nuovo il link»: the server answers the same whatever it did. */
export async function resendVerificationEmail(api: ApiClient): Promise<ResendVerificationResponse> {
  return await api<ResendVerificationResponse>('/api/User/ResendVerificationEmail', { method: 'POST', body: {} });
}

export const userQueries = {
  me: (api: ApiClient) => queryOptions({ queryKey: ['user', 'me'] as const, queryFn: ({ signal }) => getCurrentUser(api, { signal }) }),
  isAdmin: (api: ApiClient) =>
    queryOptions({ queryKey: ['user', 'isAdmin'] as const, queryFn: ({ signal }) => getIsUserAdmin(api, signal) }),
  status: (api: ApiClient) => queryOptions({ queryKey: ['user', 'status'] as const, queryFn: ({ signal }) => getUserStatus(api, signal) }),
};
