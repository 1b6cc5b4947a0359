import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
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
  const [state, setState] = useState<'idle' | 'downloading' | 'failed'>('idle');
  const download = () => {
    // A second press while the file is on its way does nothing (no isPending: react-aria would announce it through
    // live-region nodes naming this button, left behind without a name once the page changes).
    if (state === 'downloading') return;
    setState('downloading');
    downloadReceipt(api, receipt).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <Button variant={variant} aria-label={labelled ? m.downloadOf(receipt.protocol) : undefined} onPress={download}>
        {m.download}
      </Button>
      {state === 'failed' ? <Alert tone="error">{m.downloadFailed}</Alert> : null}
    </>
  );
}
