import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AdminListSearch } from './adminListSearch.ts';

/** The URL follows the search box after a pause; the list itself follows every keystroke. */
const URL_WRITE_DELAY_MS = 300;

type SearchChange = (patch: Partial<AdminListSearch>, options?: { replace?: boolean }) => void;

/**
 * The admin list's search box and the URL: `text` is what the box holds (the list is searched with it at every
 * keystroke), written to the URL's `q` after a pause; back/forward or a shared link puts the URL's search back in
 * the box. The callbacks are stable, so the memoised filters and pager do not re-render for them.
 */
export function useListSearchText(q: string | undefined, onSearchChange: SearchChange) {
  const [text, setText] = useState(q ?? '');
  /** What the stable callbacks below read: the text as last rendered. */
  const textRef = useRef(text);
  const lastWritten = useRef(q ?? '');
  useEffect(() => {
    // Back/forward or a shared link changed the URL: the box follows it.
    if ((q ?? '') !== lastWritten.current) {
      lastWritten.current = q ?? '';
      setText(q ?? '');
    }
  }, [q]);
  useEffect(() => {
    if (text === lastWritten.current) return;
    const timer = window.setTimeout(() => {
      if (text === lastWritten.current) return; // a filter change already wrote it
      lastWritten.current = text;
      onSearchChange({ q: text === '' ? undefined : text, page: undefined }, { replace: true });
    }, URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearchChange]);
  useLayoutEffect(() => {
    textRef.current = text;
  }, [text]);

  /**
   * Any other change to the URL (filters, sort, page) carries the box's text as it is now: otherwise a filter
   * chosen within the pause after typing would write the previous search into the URL (and a shared link or a
   * reload would show a list that is not the one on screen).
   */
  const changeFilters = useCallback(
    (patch: Partial<AdminListSearch>) => {
      const current = textRef.current;
      lastWritten.current = current;
      onSearchChange({ q: current === '' ? undefined : current, ...patch });
    },
    [onSearchChange],
  );
  const resetFilters = useCallback(() => {
    lastWritten.current = '';
    setText('');
    onSearchChange({
      q: undefined,
      fund: undefined,
      statuses: undefined,
      from: undefined,
      to: undefined,
      sort: undefined,
      page: undefined,
    });
  }, [onSearchChange]);
  const changePage = useCallback((page: number) => changeFilters({ page }), [changeFilters]);

  return { text, setText, changeFilters, resetFilters, changePage };
}
