import { messages } from '../../domain/messages.ts';
import { visuallyHidden } from '../../styles/visuallyHidden.css.ts';
import { ring, spinner } from './Spinner.css.ts';

/** A loading indicator announced politely by screen readers. */
export function Spinner({ label = messages.generic.loading }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className={spinner}>
      <span className={ring} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}
