import { useId } from 'react';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import { Alert } from '../../ui/Alert.tsx';

export interface WarningBannersProps {
  /** The stored warnings of the application (warningsPui), in Italian. */
  warnings: readonly string[];
}

/** The reviewers' warnings (spec §5, admin only, never blocking): one banner each, under a heading. */
export function WarningBanners({ warnings }: WarningBannersProps) {
  const titleId = useId();
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{wizardViewMessages.warningsTitle}</h2>
      {warnings.map((warning) => (
        <Alert key={warning} tone="warning">
          {warning}
        </Alert>
      ))}
    </section>
  );
}
