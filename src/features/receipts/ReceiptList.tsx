import { useId } from 'react';
import type { ReceiptSummary } from '../../../domain/receipts.ts';
import { italianDateTime } from '../../../domain/italianDates.ts';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import { ReceiptDownloadButton } from './ReceiptDownloadButton.tsx';
import { item, list, protocol } from './ReceiptList.css.ts';

const m = receiptsMessages;

/** Every receipt of an application: protocol number, what was handed over, when, and its PDF. */
export function ReceiptList({ receipts, headingLevel = 3 }: { receipts: readonly ReceiptSummary[]; headingLevel?: 2 | 3 | 4 }) {
  const headingId = useId();
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId}>{m.listTitle}</Heading>
      <ul className={list}>
        {receipts.map((receipt) => (
          <li key={receipt.id} className={item}>
            <span>
              <span className={protocol}>{receipt.protocol}</span> — {receipt.title},{' '}
              <time dateTime={receipt.handedOverAt}>{italianDateTime(receipt.handedOverAt)}</time>
            </span>
            <ReceiptDownloadButton receipt={receipt} labelled />
          </li>
        ))}
      </ul>
    </section>
  );
}
