import { createLink, type LinkComponent } from '@tanstack/react-router';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { link } from './Link.css.ts';

function StyledAriaLink({ className, ...props }: AriaLinkProps) {
  return <AriaLink {...props} className={className ?? link} />;
}

const RouterAriaLink = createLink(StyledAriaLink);

/** A react-aria link that navigates inside the app with typed routes (`to`, `params`, `search`). */
export const Link: LinkComponent<typeof StyledAriaLink> = (props) => <RouterAriaLink {...props} />;
