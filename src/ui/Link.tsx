import { createLink, useRouter, type LinkComponent } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { anchorLink, link } from './Link.css.ts';

function StyledAriaLink({ className, ...props }: AriaLinkProps) {
  return <AriaLink {...props} className={className ?? link} />;
}

const RouterAriaLink = createLink(StyledAriaLink);

/** A react-aria link that navigates inside the app with typed routes (`to`, `params`, `search`). */
export const Link: LinkComponent<typeof StyledAriaLink> = (props) => <RouterAriaLink {...props} />;

/**
 * A link to a literal href, for URLs whose exact text matters (?pIva=01234567890 rather than the router's
 * JSON-quoted search, the admin list's own query string). It still navigates inside the app, through the
 * RouterProvider in __root.tsx. Styled as a link unless given a class (a button's look).
 */
export function HrefLink(props: Omit<AriaLinkProps, 'className'> & { href: string; className?: string }) {
  return <StyledAriaLink {...props} />;
}

/**
 * A plain <a href> that navigates inside the app, for long lists (a table row each): it looks like Link and is
 * reached and followed with the keyboard like any anchor, but mounts no react-aria or router-state hooks —
 * a few hundred of those made every repaint of the admin list slow. Modified clicks (new tab, new window,
 * download) stay the browser's.
 */
export function AnchorLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={anchorLink} onClick={follow}>
      {children}
    </a>
  );
}
