import type { z } from 'zod';
import type { CallThresholds } from './call.ts';
import type { FundWizardDefinition, WizardStep } from './wizard.ts';
import { stepHasAnswers, type FieldSpec } from './wizardFields.ts';

/**
 * Everything the portal knows about one fund's application, beyond what the wizard machine needs: the shape
 * of its values, its fields as data, which computed field carries the call's blocking date, what its nested
 * sections are called, and the reviewers' warnings. The browser renders and checks the form with it; the
 * server checks drafts and submissions with the same object. A new fund is a `domain/<fund>/` folder that
 * exports one of these, built with `defineFund`.
 */
export interface FundDefinition<Values extends Record<string, unknown>> extends FundWizardDefinition<Values> {
  /** The values' structure (every field may be empty: a draft is incomplete by nature). */
  schema: z.ZodObject;
  /** Every field in display order (domain/wizardFields.ts). */
  fields: readonly FieldSpec[];
  /** The computed end-of-works field whose issue blocks submit (spec §5 Blocking date): shown above Invia. */
  blockingDateField: string;
  /** Names people read for nested groups of values ('puiSurveyDto' → "Valutazione d'Impatto"). */
  sectionLabels: Readonly<Record<string, string>>;
  /** The values with every computed field recomputed (the server never trusts the client's). */
  withComputedValues(values: Values): Values;
  /** The reviewers' warnings (spec §5: admin only, never blocking) under the call's thresholds. */
  warnings(values: Values, thresholds: CallThresholds): string[];
}

type FundParts<Values extends Record<string, unknown>> = Omit<FundDefinition<Values>, 'emptyValues' | 'fromDraft' | 'stepHasValues'>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The object schema inside optional/nullable/default wrappers, if the field holds a nested group. */
function nestedObject(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 5; depth++) {
    const def = (current as { def?: { type?: string; innerType?: z.ZodType } }).def;
    if (def?.type === 'object') return current as z.ZodObject;
    if (!def?.innerType) return undefined;
    current = def.innerType;
  }
  return undefined;
}

/**
 * Each known field of `json` whose value fits kept, anything else (unknown keys, wrong types) left empty;
 * nested groups are read the same way. Never throws: a draft written by an older portal still opens.
 */
export function lenientValues<S extends z.ZodObject>(schema: S, json: unknown): z.infer<S> {
  const source = isPlainObject(json) ? json : {};
  const result: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const nested = nestedObject(fieldSchema);
    if (nested) {
      result[key] = lenientValues(nested, source[key]);
      continue;
    }
    const parsed = fieldSchema.safeParse(source[key]);
    result[key] = parsed.success ? parsed.data : fieldSchema.parse(undefined);
  }
  return result as z.infer<S>;
}

/** A fund's definition from its parts: new and stored values are read through its schema. */
export function defineFund<Values extends Record<string, unknown>>(parts: FundParts<Values>): FundDefinition<Values> {
  return {
    ...parts,
    emptyValues: (organizationId) => parts.schema.parse({ organizationId }) as Values,
    fromDraft: (json, organizationId) => parts.withComputedValues({ ...(lenientValues(parts.schema, json) as Values), organizationId }),
    stepHasValues: (values, stepId) => stepHasAnswers(values, parts.fields, stepId),
  };
}

/** The id of the fund's Allegati step (where a missing mandatory attachment is reported). */
export function attachmentsStepOf(steps: readonly WizardStep[]): string | undefined {
  return steps.find((step) => step.kind === 'attachments')?.id;
}
