import { useId, useState, type ReactNode } from 'react';
import { compact, stepList, stepListOpen, summary, toggle } from './StepIndicator.css.ts';

export interface StepIndicatorProps {
  /** "Passo 2 di 6 · Fonti e Impieghi": where the person is, shown on a phone instead of every step. */
  summary: string;
  /** The button's text while the list is hidden, and while it is shown. */
  showLabel: string;
  hideLabel: string;
  /** Changes when the step changes (its id): the list folds again, so the step's first field is in view. */
  currentKey: string;
  /** Every step (the wizard's own list of buttons). */
  children: ReactNode;
}

/**
 * A wizard's steps: on a desktop the whole list; on a phone (below the layout breakpoint) one line saying which
 * step of how many this is, and a button (a disclosure: aria-expanded, aria-controls, Enter or Space) that
 * shows the list on demand. Six step pills and a title pushed the first field some 600 px down a 390 px screen.
 */
export function StepIndicator({ summary: text, showLabel, hideLabel, currentKey, children }: StepIndicatorProps) {
  // Open for one step only: choosing another step folds the list without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === currentKey;
  const listId = useId();
  return (
    <>
      <div className={compact}>
        <p className={summary}>{text}</p>
        <button
          type="button"
          className={toggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpenOn(open ? null : currentKey)}
        >
          {open ? hideLabel : showLabel}
        </button>
      </div>
      <div id={listId} className={open ? stepListOpen : stepList}>
        {children}
      </div>
    </>
  );
}
