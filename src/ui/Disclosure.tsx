import type { ReactNode } from 'react';
import { Button, Disclosure as AriaDisclosure, DisclosurePanel } from 'react-aria-components';
import { chevron, disclosure, heading, panelBody, trigger } from './Disclosure.css.ts';

export interface DisclosureProps {
  /** What the heading's button shows. */
  title: ReactNode;
  /** The heading's level, in the page's outline. */
  level: 2 | 3 | 4;
  /** The panel's content, rendered only while it is open (long lists of disclosures stay light). */
  children: () => ReactNode;
}

/** A heading whose button shows and hides the panel below it (react-aria: aria-expanded, keyboard, focus). */
export function Disclosure({ title, level, children }: DisclosureProps) {
  const Heading = `h${level}` as const;
  return (
    <AriaDisclosure className={disclosure}>
      {({ isExpanded }) => (
        <>
          <Heading className={heading}>
            <Button slot="trigger" className={trigger}>
              <span className={chevron} aria-hidden="true">
                ›
              </span>
              {title}
            </Button>
          </Heading>
          <DisclosurePanel>{isExpanded ? <div className={panelBody}>{children()}</div> : null}</DisclosurePanel>
        </>
      )}
    </AriaDisclosure>
  );
}
