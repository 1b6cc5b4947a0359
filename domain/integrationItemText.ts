import { fieldDisplayText, type ChoiceNames } from './fieldDisplay.ts';
import type { IntegrationItem, SlotFileValue } from './integration.ts';
import { integrationItemsMessages as m } from './messages/integrationItems.ts';
import type { FieldSpec } from './wizardFields.ts';

/**
 * An integration item in words, the same on the applicant's page, the reviewers' page, the timeline and the request's
 * e-mail: its title («Campo «Nome del progetto» (passo Progetto)», «Allegato «Relazione tecnica»») and a value as
 * people read it (a field's as the wizard shows it, a slot's by its files' names).
 */
export function itemTitle(item: Pick<IntegrationItem, 'kind' | 'label' | 'step'>): string {
  return item.kind === 'field' ? m.itemField(item.label, item.step) : m.itemSlot(item.label);
}

export function itemValueText(item: Pick<IntegrationItem, 'kind'>, value: unknown, field?: FieldSpec, choices?: ChoiceNames): string {
  if (item.kind === 'slot') {
    const files = Array.isArray(value) ? (value as SlotFileValue[]) : [];
    return files.length === 0 ? m.noneFile : files.map((file) => file.fileName).join('\n');
  }
  const text = field
    ? fieldDisplayText(field, value, choices, { withUnit: true })
    : value === null || value === undefined
      ? ''
      : String(value);
  return text === '' ? m.emptyValue : text;
}
