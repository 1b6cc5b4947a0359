import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import { italianDateTime } from '../../../domain/italianDates.ts';
import { receiptQueries } from '../../api/receipts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ReceiptDownloadButton } from './ReceiptDownloadButton.tsx';
import { handOver, protocol as protocolStyle } from './ReceiptList.css.ts';

const m = receiptsMessages;

/** On a confirmation page: the protocol number of what was just handed over, and its receipt to download. */
export function HandOverReceipt({ receiptId }: { receiptId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const query = useQuery(receiptQueries.one(api, receiptId));
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (query.data === undefined) return <Spinner />;
  const receipt = query.data;
  return (
    <div className={handOver}>
      <p>
        {m.protocol}: <span className={protocolStyle}>{receipt.protocol}</span> ({receipt.title},{' '}
        <time dateTime={receipt.handedOverAt}>{italianDateTime(receipt.handedOverAt)}</time>)
      </p>
      <ReceiptDownloadButton receipt={receipt} />
    </div>
  );
}
