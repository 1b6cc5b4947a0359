import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { integrationItemsMessages } from '../../../domain/messages/integrationItems.ts';
import { FUND_DEFINITIONS } from '../../../domain/fundDefinitions.ts';
import type { DraftItem, ItemTarget } from '../../../machines/status-change/types.ts';
import { attachmentQueries } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { field as fieldStyle, input, label as labelStyle } from '../../ui/field.css.ts';
import * as styles from './IntegrationItemPicker.css.ts';

const m = integrationItemsMessages;

interface TargetGroup {
  title: string;
  targets: ItemTarget[];
}

/** The fields people type, by wizard step (as the wizard and the Riepilogo show them), and the application's slots. */
function useTargets(api: ApiClient, fund: Fund, organizationId: string | undefined): TargetGroup[] {
  const definition = FUND_DEFINITIONS[fund] as (typeof FUND_DEFINITIONS)[Fund] | undefined;
  const slots = useQuery({
    ...attachmentQueries.slots(api, fund, organizationId ?? '', 'application'),
    enabled: organizationId !== undefined,
  });
  const groups: TargetGroup[] = definition
    ? definition.steps
        .filter((step) => step.kind === 'form')
        .map((step) => ({
          title: step.title,
          targets: definition.fields
            .filter((field) => field.step === step.id && field.kind !== 'computed' && !field.derived)
            .map((field) => ({ kind: 'field' as const, target: field.name, label: field.label })),
        }))
    : [];
  const seen = new Set<number>();
  const slotTargets = (slots.data ?? [])
    .filter((slot) => !seen.has(slot.id) && seen.add(slot.id))
    .map((slot) => ({ kind: 'slot' as const, target: String(slot.id), label: slot.attachedTypeName }));
  return slotTargets.length > 0 ? [...groups, { title: m.attachmentsGroup, targets: slotTargets }] : groups;
}

export interface IntegrationItemPickerProps {
  api: ApiClient;
  fund: Fund;
  organizationId: string | undefined;
  items: readonly DraftItem[];
  isDisabled: boolean;
  onAdd(item: ItemTarget): void;
  onMessage(item: ItemTarget, message: string): void;
  onRemove(item: ItemTarget): void;
}

/**
 * Issue 44: the fields (by their label, grouped by the wizard's steps) and attachment slots an integration request
 * asks to correct, each with its own message. Loaded only when «In integrazione» is chosen.
 */
export function IntegrationItemPicker({
  api,
  fund,
  organizationId,
  items,
  isDisabled,
  onAdd,
  onMessage,
  onRemove,
}: IntegrationItemPickerProps) {
  const groups = useTargets(api, fund, organizationId);
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const byKey = new Map<string, ItemTarget>(
    groups.flatMap((group) => group.targets.map((target) => [`${target.kind}:${target.target}`, target])),
  );
  const listed = new Set(items.map((item) => `${item.kind}:${item.target}`));
  const add = () => {
    const target = byKey.get(chosen);
    if (target) onAdd(target);
    setChosen('');
  };
  return (
    <div className={styles.picker}>
      <p className={styles.meta}>{m.itemsHelp}</p>
      <div className={styles.pickerRow}>
        <div className={fieldStyle}>
          <label htmlFor={selectId} className={labelStyle}>
            {m.pickTarget}
          </label>
          <select id={selectId} className={input} value={chosen} disabled={isDisabled} onChange={(event) => setChosen(event.target.value)}>
            <option value="">—</option>
            {groups.map((group) => (
              <optgroup key={group.title} label={group.title}>
                {group.targets.map((target) => {
                  const key = `${target.kind}:${target.target}`;
                  return (
                    <option key={key} value={key} disabled={listed.has(key)}>
                      {target.label}
                    </option>
                  );
                })}
              </optgroup>
            ))}
          </select>
        </div>
        <Button variant="secondary" onPress={add} isDisabled={isDisabled || chosen === '' || listed.has(chosen)}>
          {m.addItem}
        </Button>
      </div>
      {items.length > 0 ? (
        <ul className={styles.itemList} aria-label={m.itemsTitle}>
          {items.map((item) => (
            <li key={`${item.kind}:${item.target}`} className={styles.item}>
              <TextAreaField
                label={m.itemMessageLabel(item.label)}
                value={item.message}
                onChange={(message) => onMessage(item, message)}
                maxLength={1000}
                rows={2}
                isRequired
                isDisabled={isDisabled}
              />
              <div className={styles.actions}>
                <Button variant="secondary" onPress={() => onRemove(item)} isDisabled={isDisabled}>
                  {m.removeItem(item.label)}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
