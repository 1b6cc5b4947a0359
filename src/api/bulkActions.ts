import type { BulkAction, BulkActionSummary, BulkFilters } from '../../domain/bulkActions.ts';
import type { StartActionInput } from '../../machines/bulk-action/types.ts';
import type { ApiClient } from './client.ts';

/**
 * /api/BulkAction/…: the admin list's actions on many applications at once (issue 44). The bulk-action machine
 * calls these through its actors (machines/bulk-action/actors.ts); nothing here is cached, the machine polls.
 */
export function bulkActionApi(api: ApiClient) {
  const get = (id: string) => api<BulkAction>('/api/BulkAction/GetBulkAction', { query: { id } });
  return {
    get,
    /** The administrator's most recent action still running, found again after leaving the page. */
    async recent(): Promise<BulkAction | null> {
      const list = await api<BulkActionSummary[]>('/api/BulkAction/GetMyBulkActions');
      const running = list.find((action) => action.finishedAt === null);
      return running ? get(running.id) : null;
    },
    async count(filters: BulkFilters): Promise<number> {
      const answer = await api<{ count: number }>('/api/BulkAction/CountSelection', { method: 'POST', body: { selection: { filters } } });
      return answer.count;
    },
    start(input: StartActionInput): Promise<BulkAction> {
      return api<BulkAction>('/api/BulkAction/CreateBulkAction', {
        method: 'POST',
        body: {
          kind: input.kind,
          selection: input.selection,
          ...(input.kind === 'status' ? { targetStatus: input.targetStatus ?? undefined, note: input.note } : {}),
        },
      });
    },
    /** The zip or Excel of a finished action, as a Blob through the shared client (an expired token is renewed). */
    async download(id: string): Promise<Blob> {
      const { blob } = await api.download('/api/BulkAction/DownloadResult', { query: { id } });
      return blob;
    },
  };
}
