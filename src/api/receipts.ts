import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import type { ReceiptKind, ReceiptSummary } from '../../domain/receipts.ts';
import type { ApiClient } from './client.ts';
import { saveBlob } from './saveBlob.ts';

/** GET /api/Receipt/GetReceipt (receiptId): one receipt's protocol number, what and when. */
export async function getReceipt(api: ApiClient, receiptId: string, signal?: AbortSignal): Promise<ReceiptSummary> {
  return await api<ReceiptSummary>('/api/Receipt/GetReceipt', { query: { receiptId }, signal });
}

/** GET /api/Receipt/DownloadReceipt (receiptId): the receipt's PDF, saved as Ricevuta-<protocollo>.pdf. */
export async function downloadReceipt(api: ApiClient, receipt: Pick<ReceiptSummary, 'id' | 'protocol'>): Promise<void> {
  const { blob } = await api.download(`/api/Receipt/DownloadReceipt?receiptId=${encodeURIComponent(receipt.id)}`);
  saveBlob(blob, receiptsMessages.fileName(receipt.protocol));
}

/** The receipt the latest hand-over of `kind` issued, from a compilation's receipts (oldest first). */
export function latestReceipt(receipts: readonly ReceiptSummary[], kind: ReceiptKind): ReceiptSummary | undefined {
  return receipts.filter((receipt) => receipt.kind === kind).at(-1);
}

export const receiptQueries = {
  one: (api: ApiClient, receiptId: string) =>
    queryOptions({
      queryKey: ['receipts', receiptId] as const,
      queryFn: ({ signal }) => getReceipt(api, receiptId, signal),
    }),
};

const issuedKey = (kind: ReceiptKind) => ['receipts', 'issued', kind] as const;

/**
 * Keeps the receipt a hand-over just issued (from the application the server answered) in the query cache, where
 * the notification that follows and the confirmation page find it without asking again.
 */
export function keepIssuedReceipt(
  queryClient: QueryClient,
  api: ApiClient,
  receipts: readonly ReceiptSummary[] | undefined,
  kind: ReceiptKind,
): void {
  const receipt = latestReceipt(receipts ?? [], kind);
  queryClient.setQueryData(issuedKey(kind), receipt ?? null);
  if (receipt) queryClient.setQueryData(receiptQueries.one(api, receipt.id).queryKey, receipt);
}

/** The receipt the latest hand-over of `kind` in this tab issued, if it issued one. */
export function issuedReceipt(queryClient: QueryClient, kind: ReceiptKind): ReceiptSummary | undefined {
  return queryClient.getQueryData<ReceiptSummary | null>(issuedKey(kind)) ?? undefined;
}
