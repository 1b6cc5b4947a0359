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
    /**
     * The administrator's latest action, found again after leaving the page or a reload: running, or finished with a
     * result not closed yet in this browser (`closed`: the id of the last result closed).
     */
    async recent(closed: string | null): Promise<BulkAction | null> {
      const [latest] = await api<BulkActionSummary[]>('/api/BulkAction/GetMyBulkActions');
      return latest && latest.id !== closed ? get(latest.id) : null;
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
