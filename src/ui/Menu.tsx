import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import type { MenuEntry, MenuFocus } from './menuEntry.ts';

export interface MenuProps {
  /** Accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows; the trigger's look belongs to where it is placed. */
  trigger: ReactNode;
  triggerClassName: string;
  items: readonly MenuEntry[];
}

const loadMenuPopover = () => import('./MenuPopover.tsx');
const MenuPopover = lazy(() => loadMenuPopover().then((module) => ({ default: module.MenuPopover })));

/**
 * A button that opens a list of actions and links: Enter, Space and ArrowDown open it on the first item, ArrowUp
 * on the last; arrow keys move, Esc closes, focus returns to the button.
 *
 * The button is a plain <button>; react-aria's popover and menu (the collection and positioning machinery,
 * about 40 KB) are downloaded when the person shows the intent to open it (pointer over it, focus on it) and
 * mounted only while it is open. Every page has the header's menu, and tables render one per row: neither the
 * first load nor a long list's repaints pay for a menu nobody opened.
 */
export function Menu({ label, trigger, triggerClassName, items }: MenuProps) {
  const [open, setOpen] = useState<false | MenuFocus>(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const preload = () => void loadMenuPopover();
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open !== false ? menuId : undefined}
        data-pressed={open !== false || undefined}
        className={triggerClassName}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((current) => (current === false ? 'first' : false))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {trigger}
      </button>
      {open !== false ? (
        <Suspense fallback={null}>
          <MenuPopover id={menuId} label={label} triggerRef={triggerRef} focus={open} items={items} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
