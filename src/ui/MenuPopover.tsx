import type { RefObject } from 'react';
import { Menu as AriaMenu, MenuItem as AriaMenuItem, Popover } from 'react-aria-components';
import type { MenuEntry, MenuFocus } from './menuEntry.ts';
import { item, menu, popover } from './Menu.css.ts';

interface MenuPopoverProps {
  id: string;
  label: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  focus: MenuFocus;
  items: readonly MenuEntry[];
  onClose(): void;
}

/** The open menu of `Menu` (loaded on intent): react-aria's popover beside the button and its menu. */
export function MenuPopover({ id, label, triggerRef, focus, items, onClose }: MenuPopoverProps) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      placement="bottom end"
      className={popover}
    >
      {/* Focus goes into the menu when it opens, as MenuTrigger does (WAI-ARIA menu button pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <AriaMenu id={id} aria-label={label} autoFocus={focus} onClose={onClose} items={items} className={menu}>
        {(entry) => (
          <AriaMenuItem id={entry.id} href={entry.href} onAction={entry.onAction} className={item}>
            {entry.label}
          </AriaMenuItem>
        )}
      </AriaMenu>
    </Popover>
  );
}
