import type { User, UserStatus } from '../../domain/user.ts';
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

export async function getUserStatus(api: ApiClient, signal?: AbortSignal): Promise<UserStatus> {
  return await api<UserStatus>('/api/User/GetUserStatus', { signal });
}

export const userQueries = {
  /** What is read about the signed-in person (the identity provider too): a change to them refreshes it all. */
  all: ['user'] as const,
};
