import type { ApiErrorBody } from '../../domain/errors.ts';
import { messages } from '../../domain/messages.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import { requestMessages } from '../../domain/messages/requests.ts';
import { messageCatalogue } from '../../domain/messageCatalogue.ts';
import { organizationPageRequiredMessages } from '../../domain/organization.ts';

/** Every Italian text of the catalogue: an issue carrying one of them is shown as it is. */
const italianTexts = new Set<string>();
const collect = (value: unknown) => {
  if (typeof value === 'string') italianTexts.add(value);
  else if (value && typeof value === 'object') Object.values(value).forEach(collect);
};
collect(messageCatalogue);

/** Texts that already say which field they are about ("Città richiesta" for the comune): sent as they are. */
const NAMES_ITS_FIELD = new Set<string>(Object.values(organizationPageRequiredMessages));

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  /** Written by our own code (a rule checked in a handler), possibly composed ("Il comune di X …"): shown as it is. */
  ours?: boolean;
}

/** "Nome: Campo obbligatorio" — the field's Italian label, then the rule it broke (spec §5). */
function describe(issue: Issue, labels: Record<string, string>) {
  const field = issue.path.map(String).join('.');
  const label = labels[String(issue.path[0] ?? '')];
  // Zod's own (English) texts never reach a person.
  const text = issue.ours || italianTexts.has(issue.message) ? issue.message : organizationMessages.invalid;
  if (!label) return { field, message: field ? requestMessages.invalidFieldBecause(field, text) : messages.generic.badRequest };
  return { field, message: text.includes(label) || NAMES_ITS_FIELD.has(text) ? text : `${label}: ${text}` };
}

/** The 400 of a refused input: the first field's message, its dotted path, and every field with its message. */
export function fieldErrorBody(issues: Issue[], labels: Record<string, string>): ApiErrorBody & { error: 'validation_error' } {
  const described = issues.map((issue) => describe(issue, labels));
  const first = described[0] ?? { field: '', message: messages.generic.badRequest };
  return { error: 'validation_error', message: first.message, field: first.field, issues: described };
}
