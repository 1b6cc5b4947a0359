import type { ReactNode } from 'react';
import { messages } from '../../domain/messages.ts';
import { main, skipLink } from './PageLayout.css.ts';

const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: keyboard users jump past the header (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={skipLink}>
      {messages.layout.skipToContent}
    </a>
  );
}

/** The main landmark; focusable so the skip link can move focus into it. */
export function MainContent({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={main}>
      {children}
    </main>
  );
}
