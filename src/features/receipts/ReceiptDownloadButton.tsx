import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ReceiptSummary } from '../../../domain/receipts.ts';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import { downloadReceipt } from '../../api/receipts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';

const m = receiptsMessages;

/** "Scarica ricevuta": the receipt's PDF through the shared API client (renewal on 401 like every call). */
export function ReceiptDownloadButton({
  receipt,
  variant = 'secondary',
  labelled = false,
}: {
  receipt: Pick<ReceiptSummary, 'id' | 'protocol'>;
  variant?: 'primary' | 'secondary';
  /** Whether the button's accessible name says which receipt (several on one page). */
  labelled?: boolean;
}) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const download = useMutation({ mutationFn: () => downloadReceipt(api, receipt) });
  const onPress = () => {
    // A second press while the file is on its way does nothing (no isPending: react-aria would announce it through
    // live-region nodes naming this button, left behind without a name once the page changes).
    if (!download.isPending) download.mutate();
  };
  return (
    <>
      <Button variant={variant} aria-label={labelled ? m.downloadOf(receipt.protocol) : undefined} onPress={onPress}>
        {m.download}
      </Button>
      {download.isError ? <Alert tone="error">{m.downloadFailed}</Alert> : null}
    </>
  );
}
