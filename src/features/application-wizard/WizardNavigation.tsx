import type { ReactNode } from 'react';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/Button.css.ts';
import { HrefLink, Link } from '../../ui/Link.tsx';
import { buttons, navigation, note } from './WizardNavigation.css.ts';

const view = wizardViewMessages;

export interface WizardNavigationProps {
  /** Indietro is offered (not on the first step): the wizard machine's selectCanGoBack. */
  canGoBack: boolean;
  /** Avanti is offered (a next step the person may reach): selectCanGoNext. */
  canGoNext: boolean;
  /** 'Torna alla lista' / 'Torna ai fondi' on the attachments step: selectBackLink. */
  backLink: { to: '/admin-panel' | '/calls'; label: string } | null;
  /** Where the admin's list is, with the filters it had (`?lista=`): 'Torna alla lista' goes there. */
  listHref?: string | undefined;
  /** The application can still be changed and sent: the note about starred fields is shown. */
  editable: boolean;
  onBack(): void;
  onNext(): void;
  /** Shown at the end of the row: a fund whose submit button sits here (PUI puts it in SubmitStep). */
  submit?: ReactNode;
}

/**
 * The buttons under a step (spec §2 Common wizard behaviour), as the wizard machine decides them: Indietro
 * except on the first step, Avanti while there is a next step; on the attachments step the way out — 'Torna
 * alla lista' for an admin, 'Torna ai fondi' once submitted; the note about starred fields while the
 * application can still be sent.
 */
export function WizardNavigation({ canGoBack, canGoNext, backLink, listHref, editable, onBack, onNext, submit }: WizardNavigationProps) {
  return (
    <div className={navigation}>
      <div className={buttons}>
        {canGoBack ? (
          <Button variant="secondary" onPress={onBack}>
            {view.back}
          </Button>
        ) : null}
        {canGoNext ? <Button onPress={onNext}>{view.next}</Button> : null}
        {backLink && backLink.to === '/admin-panel' && listHref ? (
          <HrefLink href={listHref} className={button({ variant: 'secondary' })}>
            {backLink.label}
          </HrefLink>
        ) : backLink ? (
          <Link to={backLink.to} className={button({ variant: 'secondary' })}>
            {backLink.label}
          </Link>
        ) : null}
        {submit}
      </div>
      {editable ? <p className={note}>{view.requiredNote}</p> : null}
    </div>
  );
}
