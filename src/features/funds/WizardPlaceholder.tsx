import { messages } from '../../../domain/messages.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Link } from '../../ui/Link.tsx';
import { placeholderActions } from './FundCards.css.ts';

const m = messages.funds;

interface WizardPlaceholderProps {
  title: string;
  notes: readonly string[];
}

/**
 * What a wizard route shows until the wizard itself exists: its title, what it was asked to open, and the way
 * back. No fake form.
 */
export function WizardPlaceholder({ title, notes }: WizardPlaceholderProps) {
  return (
    <>
      <h1>{title}</h1>
      <Alert tone="info">{m.wizardLater}</Alert>
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <div className={placeholderActions}>
        <Link to="/calls">{m.backToFunds}</Link>
      </div>
    </>
  );
}
