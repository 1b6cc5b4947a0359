import type { ReactNode } from 'react';
import { messages } from '../../domain/messages.ts';

/** One choice of a Select or ComboBox: lookups come as { id, name } and are passed as they are. */
export interface Option {
  id: string | number;
  name: string;
}

/**
 * A list the server sends, as its query holds it (a TanStack Query result is one): `data` stays undefined until the
 * list has arrived, `isError` says its load failed.
 */
export interface Lookup<T extends Option> {
  readonly data: readonly T[] | undefined;
  readonly isError: boolean;
}

/** Where a Select's or ComboBox's choices come from: a list the page already has (`items`), or one being fetched (`lookup`). */
export type OptionsSource<T extends Option> = { items: readonly T[]; lookup?: never } | { lookup: Lookup<T>; items?: never };

/**
 * What a field offers and shows of its choices. A lookup's field opens only once its list has arrived — a comune typed
 * into a list still loading would find nothing, and stay closed when the names came — and, if the load failed, says
 * so under the field in place of its own hint.
 */
export function optionsOf<T extends Option>({
  items,
  lookup,
  isDisabled,
  description,
}: OptionsSource<T> & { isDisabled?: boolean; description?: ReactNode }): {
  items: readonly T[];
  isDisabled: boolean | undefined;
  description: ReactNode;
} {
  if (lookup === undefined) return { items: items ?? [], isDisabled, description };
  return {
    items: lookup.data ?? [],
    isDisabled: isDisabled || lookup.data === undefined,
    description: lookup.isError ? messages.ui.lookupFailed : description,
  };
}
