import { createLink, type LinkComponent } from '@tanstack/react-router';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { link } from './Link.css.ts';

function StyledAriaLink({ className, ...props }: AriaLinkProps) {
  return <AriaLink {...props} className={className ?? link} />;
}

const RouterAriaLink = createLink(StyledAriaLink);

/** A react-aria link that navigates inside the app with typed routes (`to`, `params`, `search`). */
export const Link: LinkComponent<typeof StyledAriaLink> = (props) => <RouterAriaLink {...props} />;

/**
 * A link to a literal href, for URLs whose exact text matters (?pIva=01234567890 rather than the router's
 * JSON-quoted search). It still navigates inside the app, through the RouterProvider in __root.tsx.
 */
export function HrefLink(props: Omit<AriaLinkProps, 'className'> & { href: string }) {
  return <StyledAriaLink {...props} />;
}
