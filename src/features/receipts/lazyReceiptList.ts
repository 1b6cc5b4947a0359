import type { ComponentProps } from 'react';
import { preloadedLazy } from '../../ui/preloadedLazy.tsx';
import type { ReceiptList } from './ReceiptList.tsx';

/**
 * The receipts' list in its own chunk: only a fund card with something handed over shows it, so /calls does not
 * carry its code in its first load. The /calls loader asks for it beside the data and waits for it when a card has
 * receipts, so the card renders whole at once: a list appearing a moment later pushed the card's buttons down under
 * the person's pointer.
 */
export const LazyReceiptList = preloadedLazy<ComponentProps<typeof ReceiptList>>(() =>
  import('./ReceiptList.tsx').then((module) => ({ default: module.ReceiptList })),
);
