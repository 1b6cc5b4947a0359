import { applicationFormMessages } from './messages/applicationForm.ts';
import type { FieldIssue } from './wizard.ts';

/**
 * The fields of an application wizard described as data: what each is called, how it is typed, where it is
 * shown, when it is required, visible or editable. The view renders them, the rules below validate them, and
 * the server validates the same values with the same rules — one description per fund.
 */

/** When a field counts: another field equals a value, or holds a nonzero number. */
export type FieldCondition = { field: string; equals: unknown } | { field: string; nonZero: true };

export type FieldKind =
  /** One line of text. */
  | 'text'
  /** Several lines of text with a character counter. */
  | 'textarea'
  /** Digits only (days, months, metres, counts). */
  | 'integer'
  /** Euro, two decimals, shown with comma. */
  | 'amount'
  /** A quantity with up to two decimals (m², MWh, kW). */
  | 'decimal'
  /** A calendar day, YYYY-MM-DD. */
  | 'date'
  /** Sì / No, stored as true / false (null until answered). */
  | 'boolean'
  /** SI / NO, stored as 'SI' | 'NO' (null until answered): its dependent fields appear on SI. */
  | 'yesNo'
  /** One of a list. */
  | 'select'
  /** Some of a list. */
  | 'multiselect'
  /** Computed from other fields, never typed (spec §4 Computed values). */
  | 'computed';

export interface FieldOption {
  id: string | number;
  name: string;
}

export interface FieldSpec {
  /** The contract's field name; nested fields as a dotted path ('puiSurveyDto.mqSLP'). */
  name: string;
  label: string;
  kind: FieldKind;
  /** The wizard step (FundWizardDefinition.steps[].id) and, optionally, a titled group within it. */
  step: string;
  section?: string;
  required?: boolean;
  /** Required only when the condition holds (e.g. the co-financing measure name when public funding is nonzero). */
  requiredWhen?: FieldCondition;
  /** Shown only when the condition holds (an indicator's numbers on SI). Hidden fields are never required. */
  visibleWhen?: FieldCondition;
  /** Editable only when the condition holds (progCodice only if inherent). Disabled fields are never required. */
  enabledWhen?: FieldCondition;
  minLength?: number;
  maxLength?: number;
  /** Fixed choices… */
  options?: readonly FieldOption[];
  /** …or the name of a reference list the view loads (e.g. 'cities', 'puiOfCity'). */
  source?: string;
  /** How a computed or derived value is shown: 'amount' | 'percent' | 'date' | 'text'. */
  display?: 'amount' | 'percent' | 'date' | 'text';
  /** Unit shown after the box: 'mesi', 'giorni', 'm', 'm²', 'MWh', 'kW', '€'. */
  unit?: string;
  help?: string;
  /** Filled by the portal from other answers (progRegione from the city): shown, never typed. */
  derived?: boolean;
  /** A 'yesNo' field's stored answers, when not 'SI' / 'NO' (TUR keeps 'true' / 'false', spec §3). */
  answers?: { yes: string; no: string };
}

/** An impact indicator (spec §3): its yes/no question, the answers asked on yes, and its free-text note. */
export function indicatorFields(indicator: {
  step: string;
  section: string;
  /** The dotted path of the question ('puiSurveyDto.piantumazioni'). */
  question: string;
  label: string;
  /** Asked only on yes. */
  dependents: Omit<FieldSpec, 'step' | 'section' | 'visibleWhen'>[];
  /** The dotted path of the note. */
  note: string;
  noteLabel?: string;
  answers?: { yes: string; no: string };
}): FieldSpec[] {
  const { step, section, question, answers } = indicator;
  return [
    { name: question, label: indicator.label, kind: 'yesNo', step, section, ...(answers ? { answers } : {}) },
    ...indicator.dependents.map((field) => ({ ...field, step, section, visibleWhen: { field: question, equals: answers?.yes ?? 'SI' } })),
    { name: indicator.note, label: indicator.noteLabel ?? 'Note', kind: 'textarea', step, section, maxLength: 1000 },
  ];
}

/** The value at a dotted path, or undefined. */
export function readPath(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `values` with the value at a dotted path replaced (intermediate objects copied, never shared). */
export function writePath<T extends Record<string, unknown>>(values: T, path: string, value: unknown): T {
  const [head = '', ...rest] = path.split('.');
  if (rest.length === 0) return { ...values, [head]: value };
  const child = values[head];
  const childObject = child !== null && typeof child === 'object' ? (child as Record<string, unknown>) : {};
  return { ...values, [head]: writePath(childObject, rest.join('.'), value) };
}

/**
 * A field's empty value, as its schema holds it: '' for text, [] for lists, null for anything else — a number,
 * a yes/no answer, or a choice of fixed options even when their ids are strings (the energy classes: '' is
 * none of them, and a submission holding it would be refused).
 */
export function emptyValueOf(field: Pick<FieldSpec, 'kind'>): unknown {
  if (field.kind === 'text' || field.kind === 'textarea') return '';
  if (field.kind === 'multiselect') return [];
  return null;
}

/**
 * The values with every answer that another answer hides emptied (spec §4: "a 'no' on yes/no questions
 * clears their dependent numbers"): what is not asked is not kept.
 */
export function clearHiddenAnswers<T extends Record<string, unknown>>(values: T, fields: readonly FieldSpec[]): T {
  let cleared = values;
  for (const field of fields) {
    if (!field.visibleWhen || conditionHolds(cleared, field.visibleWhen)) continue;
    const current = readPath(cleared, field.name);
    if (!isEmptyValue(current)) cleared = writePath(cleared, field.name, emptyValueOf(field));
  }
  return cleared;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return !Number.isFinite(value);
  return false;
}

export function conditionHolds(values: unknown, condition: FieldCondition | undefined): boolean {
  if (!condition) return true;
  const value = readPath(values, condition.field);
  if ('nonZero' in condition) return typeof value === 'number' && Number.isFinite(value) && value !== 0;
  return value === condition.equals;
}

export function isFieldVisible(values: unknown, field: FieldSpec): boolean {
  return conditionHolds(values, field.visibleWhen);
}

export function isFieldEnabled(values: unknown, field: FieldSpec): boolean {
  return conditionHolds(values, field.enabledWhen);
}

/** Whether the person must fill the field now: required (always or by condition), shown and editable. */
export function isFieldRequired(values: unknown, field: FieldSpec): boolean {
  if (field.kind === 'computed' || field.derived) return false;
  if (!isFieldVisible(values, field) || !isFieldEnabled(values, field)) return false;
  if (field.required) return true;
  return field.requiredWhen ? conditionHolds(values, field.requiredWhen) : false;
}

const form = applicationFormMessages;

/** The problem with one field's value, in Italian, or null. */
export function fieldProblem(values: unknown, field: FieldSpec): string | null {
  if (!isFieldVisible(values, field) || !isFieldEnabled(values, field)) return null;
  const value = readPath(values, field.name);
  if (isEmptyValue(value)) return isFieldRequired(values, field) ? form.required : null;
  if (typeof value === 'string') {
    const length = value.trim().length;
    if (field.minLength !== undefined && length < field.minLength) return form.tooShort(field.minLength, length);
    if (field.maxLength !== undefined && value.length > field.maxLength) return form.tooLong(field.maxLength);
  }
  return null;
}

/** Every field problem of a wizard's values: required fields, lengths. */
export function fieldIssues(values: unknown, fields: readonly FieldSpec[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of fields) {
    const message = fieldProblem(values, field);
    if (message) issues.push({ field: field.name, step: field.step, message });
  }
  return issues;
}

/** Whether any field of a step that the person types or chooses (not computed, not derived) holds a value. */
export function stepHasAnswers(values: unknown, fields: readonly FieldSpec[], stepId: string): boolean {
  return fields.some(
    (field) => field.step === stepId && field.kind !== 'computed' && field.derived !== true && !isEmptyValue(readPath(values, field.name)),
  );
}
