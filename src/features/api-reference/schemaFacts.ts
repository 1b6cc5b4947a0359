import { apiReferenceMessages } from '../../../domain/messages/apiReference.ts';
import type { JsonSchema } from './openApiView.ts';

const m = apiReferenceMessages;

/** zod writes every `.int()` with the safe-integer bounds: they say nothing to a reader. */
const isSafeIntegerBound = (value: number | undefined) => value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;

const shown = (value: unknown) => JSON.stringify(value);

/** What kind of value a schema takes, in Italian: 'testo', 'numero intero o null', 'file (byte)'. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.format === 'binary') return m.binary;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.anyOf || schema.oneOf || schema.allOf ? '' : m.anyValue;
  return types.map((type) => m.types[type] ?? type).join(' o ');
}

/** Its constraints and annotations, each a short Italian phrase ('al più 100 caratteri', 'valori: "TUR", "PUI"'). */
export function schemaFacts(schema: JsonSchema): string[] {
  const facts: string[] = [];
  if (schema.const !== undefined) facts.push(m.constant(shown(schema.const)));
  if (schema.enum) facts.push(m.allowedValues(schema.enum.map(shown).join(', ')));
  if (schema.format && schema.format !== 'binary') facts.push(m.format(schema.format));
  if (schema.pattern) facts.push(m.pattern(schema.pattern));
  if (schema.minLength !== undefined || schema.maxLength !== undefined) facts.push(m.length(schema.minLength, schema.maxLength));
  if (schema.minItems !== undefined || schema.maxItems !== undefined) facts.push(m.items(schema.minItems, schema.maxItems));
  if (typeof schema.exclusiveMinimum === 'number') facts.push(m.minimum(schema.exclusiveMinimum, true));
  else if (schema.minimum !== undefined && !isSafeIntegerBound(schema.minimum)) facts.push(m.minimum(schema.minimum, false));
  if (typeof schema.exclusiveMaximum === 'number') facts.push(m.maximum(schema.exclusiveMaximum, true));
  else if (schema.maximum !== undefined && !isSafeIntegerBound(schema.maximum)) facts.push(m.maximum(schema.maximum, false));
  if (schema.default !== undefined) facts.push(m.defaultValue(shown(schema.default)));
  return facts;
}
