import type { ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import type { WizardStep } from '../../../domain/wizard.ts';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/Button.css.ts';
import { Link } from '../../ui/Link.tsx';
import { buttons, navigation, note } from './WizardNavigation.css.ts';

const view = messages.wizardView;

export interface WizardNavigationProps {
  steps: readonly Pick<WizardStep, 'id' | 'kind'>[];
  currentIndex: number;
  isAdmin: boolean;
  /** The application was already submitted (read-only for its members). */
  isSubmitted: boolean;
  onBack(): void;
  onNext(): void;
  /** Shown at the end of the row: a fund whose submit button sits here (PUI puts it in SubmitStep). */
  submit?: ReactNode;
}

/**
 * The buttons under a step (spec §2 Common wizard behaviour): Indietro except on the first step, Avanti while
 * there is a next step; on the attachments step the way out — 'Torna alla lista' for an admin, 'Torna ai
 * fondi' once submitted; the note about starred fields while the application can still be sent.
 */
export function WizardNavigation({ steps, currentIndex, isAdmin, isSubmitted, onBack, onNext, submit }: WizardNavigationProps) {
  const isAttachments = steps[currentIndex]?.kind === 'attachments';
  const hasNext = currentIndex < steps.length - 1;
  return (
    <div className={navigation}>
      <div className={buttons}>
        {currentIndex > 0 ? (
          <Button variant="secondary" onPress={onBack}>
            {view.back}
          </Button>
        ) : null}
        {hasNext ? <Button onPress={onNext}>{view.next}</Button> : null}
        {isAttachments && isAdmin ? (
          <Link to="/admin-panel" className={button({ variant: 'secondary' })}>
            {messages.funds.backToList}
          </Link>
        ) : isAttachments && isSubmitted ? (
          <Link to="/calls" className={button({ variant: 'secondary' })}>
            {messages.funds.backToFunds}
          </Link>
        ) : null}
        {submit}
      </div>
      {isAdmin || isSubmitted ? null : <p className={note}>{view.requiredNote}</p>}
    </div>
  );
}
