import { useId, useRef, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  type MenuItemProps as AriaMenuItemProps,
} from 'react-aria-components';
import { item, menu, popover } from './Menu.css.ts';

interface MenuProps {
  /** Accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows; the trigger's look belongs to where it is placed. */
  trigger: ReactNode;
  triggerClassName: string;
  children: ReactNode;
}

/** A button that opens a list of actions and links: arrow keys move, Esc closes, focus returns. */
export function Menu({ label, trigger, triggerClassName, children }: MenuProps) {
  return (
    <MenuTrigger>
      <AriaButton aria-label={label} className={triggerClassName}>
        {trigger}
      </AriaButton>
      <Popover placement="bottom end" className={popover}>
        <AriaMenu className={menu}>{children}</AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * Menu for long lists (a table row each): the same behaviour, but the trigger is a plain <button> and the react-aria menu (popover, menu, items) is mounted only while open:
 * tables render one of these per row, and a full react-aria trigger per row made every repaint of the list
 * slow. Enter, Space (native button activation) and ArrowDown/ArrowUp open it, focusing the first/last item.
 */
export function LazyMenu({ label, trigger, triggerClassName, children }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = () => setOpen(false);
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
        <Popover
          triggerRef={triggerRef}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) close();
          }}
          placement="bottom end"
          className={popover}
        >
          {/* Focus goes into the menu when it opens, as MenuTrigger does (WAI-ARIA menu button pattern). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <AriaMenu id={menuId} aria-label={label} autoFocus={open} onClose={close} className={menu}>
            {children}
          </AriaMenu>
        </Popover>
      ) : null}
    </>
  );
}

/** An entry of a Menu: with `href` it navigates (through the router), with `onAction` it acts. */
export function MenuItem(props: Omit<AriaMenuItemProps, 'className' | 'style'>) {
  return <AriaMenuItem {...props} className={item} />;
}
