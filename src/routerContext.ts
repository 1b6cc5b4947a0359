import type { QueryClient } from '@tanstack/react-query';
import type { AttachmentTransfers } from './api/attachments.ts';
import type { ApiClient } from './api/client.ts';
import type { AuthActor } from './auth/session.ts';

/** What every route receives in beforeLoad/loader: the app's long-lived services. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthActor;
  api: ApiClient;
  /** Uploads with progress and file downloads, with the same credentials as `api`. */
  transfers: AttachmentTransfers;
}
