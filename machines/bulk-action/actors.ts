import { fromPromise } from 'xstate';
import type { BulkAction, BulkFilters } from '../../domain/bulkActions.ts';
import type { StartActionInput } from './types.ts';

export interface BulkActionApi {
  recent(closed: string | null): Promise<BulkAction | null>;
  count(filters: BulkFilters): Promise<number>;
  start(input: StartActionInput): Promise<BulkAction>;
  get(id: string): Promise<BulkAction>;
}

/** How long the progress bar waits between two readings of the action. */
export const POLL_INTERVAL_MS = 1000;

/** The bulk action's side effects as the browser performs them: the request functions are the API module's. */
export function createBulkActionActors(
  api: BulkActionApi,
  closedResult: () => string | null,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  return {
    findRunning: fromPromise<BulkAction | null, undefined>(() => api.recent(closedResult())),
    countSelection: fromPromise<number, { filters: BulkFilters }>(({ input }) => api.count(input.filters)),
    startAction: fromPromise<BulkAction, StartActionInput>(({ input }) => api.start(input)),
    pollAction: fromPromise<BulkAction, { id: string }>(async ({ input }) => {
      await wait(POLL_INTERVAL_MS);
      return api.get(input.id);
    }),
  };
}
