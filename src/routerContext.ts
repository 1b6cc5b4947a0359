import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api/client.ts';
import type { AuthActor } from './auth/session.ts';

/** What every route receives in beforeLoad/loader: the app's long-lived services. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthActor;
  api: ApiClient;
}
