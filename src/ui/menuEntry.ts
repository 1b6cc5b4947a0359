/** The types `Menu` and its lazily loaded `MenuPopover` share, apart from both so neither imports the other. */

/** One entry of a menu: with `href` it navigates (through the router), with `onAction` it acts. */
export interface MenuEntry {
  id: string | number;
  label: string;
  href?: string;
  onAction?(): void;
}

/** Which item takes the focus when the menu opens (WAI-ARIA menu button pattern). */
export type MenuFocus = 'first' | 'last';
