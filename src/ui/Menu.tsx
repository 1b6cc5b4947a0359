import type { ReactNode } from 'react';
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

/** An entry of a Menu: with `href` it navigates (through the router), with `onAction` it acts. */
export function MenuItem(props: Omit<AriaMenuItemProps, 'className' | 'style'>) {
  return <AriaMenuItem {...props} className={item} />;
}
