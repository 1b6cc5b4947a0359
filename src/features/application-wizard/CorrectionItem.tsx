import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { IntegrationItem } from '../../../domain/integration.ts';
import { itemTitle, itemValueText } from '../../../domain/integrationItemText.ts';
import { italianDate } from '../../../domain/italianDates.ts';
import { integrationMessages } from '../../../domain/messages/integration.ts';
import { integrationItemsMessages } from '../../../domain/messages/integrationItems.ts';
import { writePath, type FieldOption, type FieldSpec } from '../../../domain/wizardFields.ts';
import { answerIntegrationItem } from '../../api/applications.ts';
import type { ApiClient } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { WizardField } from './WizardField.tsx';
import * as styles from './IntegrationItems.css.ts';

const m = integrationItemsMessages;

/** «Da correggere», «Modificato» or «Nessuna modifica necessaria»: the item's state in words. */
export function itemStateText(item: Pick<IntegrationItem, 'answer'>): string {
  return item.answer === 'changed' ? m.itemChanged : item.answer === 'replied' ? m.itemReplied : m.itemUnanswered;
}

/** The old and new values, the reply and the time of the answer: what every reader of a round sees. */
export function ItemAnswer({ item, field, options }: { item: IntegrationItem; field?: FieldSpec; options?: readonly FieldOption[] }) {
  return (
    <dl className={styles.values}>
      <dt className={styles.term}>{m.oldValue}</dt>
      <dd className={styles.definition}>{itemValueText(item, item.oldValue, field, options)}</dd>
      {item.answer === 'changed' ? (
        <>
          <dt className={styles.term}>{m.newValue}</dt>
          <dd className={styles.definition}>{itemValueText(item, item.newValue, field, options)}</dd>
        </>
      ) : null}
      {item.reply ? (
        <>
          <dt className={styles.term}>{m.itemReplied}</dt>
          <dd className={styles.definition}>{item.reply}</dd>
        </>
      ) : null}
      {item.answeredAt ? (
        <>
          <dt className={styles.term}>{m.itemAnswered}</dt>
          <dd className={styles.definition}>{m.answeredOn(italianDate(item.answeredAt))}</dd>
        </>
      ) : null}
    </dl>
  );
}

export interface CorrectionItemProps {
  api: ApiClient;
  applicationId: string;
  item: IntegrationItem;
  /** The wizard field the item points at (none for a slot). */
  field?: FieldSpec;
  /** The application's values (a field's conditions look at others). */
  values?: unknown;
  options?: readonly FieldOption[];
  /** The applicant may answer (the round is open and they write); otherwise the item is only read. */
  editable: boolean;
  /** An answer was stored: the application is read again. */
  onAnswered(): void;
}

/**
 * Issue 44: one item of an integration request beside its field (or slot), highlighted by a thick border and its
 * title in words: the reviewer's message, the value asked about, and — while the round is open — the field to
 * correct and the reply «Nessuna modifica necessaria: …».
 */
export function CorrectionItem({ api, applicationId, item, field, values, options, editable, onAnswered }: CorrectionItemProps) {
  const titleId = useId();
  const [value, setValue] = useState<unknown>(item.answer === 'changed' ? item.newValue : item.oldValue);
  const [reply, setReply] = useState(item.reply ?? '');
  const answer = useMutation({
    mutationFn: (body: { value?: unknown; reply?: string }) =>
      answerIntegrationItem(api, { applicationId, kind: item.kind, target: item.target, ...body }),
    onSuccess: () => onAnswered(),
  });
  const busy = answer.isPending;
  const error = answer.isError ? (answer.error instanceof Error ? answer.error.message : integrationMessages.failed) : null;
  const title = itemTitle(item);
  return (
    <div className={styles.correction} role="group" aria-labelledby={titleId} data-correction={`${item.kind}:${item.target}`}>
      <p id={titleId} className={styles.correctionTitle}>
        {m.itemRequested}: {title} — {itemStateText(item)}
      </p>
      <p className={styles.message}>{item.message}</p>
      <ItemAnswer item={item} field={field} options={options} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {editable && field ? (
        <>
          <WizardField
            field={field}
            values={writePath((values ?? {}) as Record<string, unknown>, field.name, value)}
            options={options}
            onChange={(_name, next) => setValue(next)}
          />
          <div className={styles.actions}>
            <Button onPress={() => answer.mutate({ value: value ?? null })} isDisabled={busy}>
              {m.saveCorrection(item.label)}
            </Button>
          </div>
        </>
      ) : null}
      {editable ? (
        <>
          <TextAreaField label={m.replyLabel} value={reply} onChange={setReply} maxLength={1000} rows={2} isDisabled={busy} />
          <div className={styles.actions}>
            <Button variant="secondary" onPress={() => answer.mutate({ reply })} isDisabled={busy || reply.trim() === ''}>
              {m.replySave}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * The items of one round as a list, at the top of the integration section (the applicant's checklist) and in every
 * earlier round (applicant and reviewers): what was asked of each field or slot, and how it was answered.
 */
export function RoundItems({ items, open = false }: { items: readonly IntegrationItem[]; open?: boolean }) {
  return (
    <section aria-label={m.itemsTitle}>
      <h4>{m.itemsTitle}</h4>
      {open ? <p className={styles.meta}>{m.itemsIntro}</p> : null}
      <ul className={styles.itemList}>
        {items.map((item) => (
          <li key={`${item.kind}:${item.target}`} className={styles.correction}>
            <p className={styles.correctionTitle}>
              {itemTitle(item)} — {itemStateText(item)}
            </p>
            <p className={styles.message}>{item.message}</p>
            <ItemAnswer item={item} />
          </li>
        ))}
      </ul>
      {open ? <p className={styles.meta}>{m.goToItems}</p> : null}
    </section>
  );
}
