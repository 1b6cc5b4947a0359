import { Fragment } from 'react';
import { paragraph } from './ApiReference.css.ts';

/**
 * A description from the document: paragraphs split by blank lines, `code` between backticks. The document is
 * the server's own, but its text is still shown as text, never as HTML.
 */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((block, index) => (
        <p key={index} className={paragraph}>
          {block
            .split('`')
            .map((part, partIndex) =>
              partIndex % 2 === 1 ? <code key={partIndex}>{part}</code> : <Fragment key={partIndex}>{part}</Fragment>,
            )}
        </p>
      ))}
    </>
  );
}
