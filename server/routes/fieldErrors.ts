import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { messages } from '../../domain/messages.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import { requestMessages } from '../../domain/messages/requests.ts';
import { messageCatalogue } from '../../domain/messageCatalogue.ts';
import { organizationPageRequiredMessages } from '../../domain/organization.ts';
import type { FieldErrorBody } from '../../domain/validation.ts';

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

export function fieldErrorBody(issues: Issue[], labels: Record<string, string>): FieldErrorBody {
  const described = issues.map((issue) => describe(issue, labels));
  const first = described[0] ?? { field: '', message: messages.generic.badRequest };
  return { error: 'validation_error', message: first.message, field: first.field, issues: described };
}

/** A rule checked in a handler (against reference data or stored values), answered like a schema failure. */
export class FieldValidationError extends Error {
  constructor(readonly body: FieldErrorBody) {
    super(body.message);
  }
}

export function fieldError(field: string, message: string, labels: Record<string, string>): FieldValidationError {
  return new FieldValidationError(fieldErrorBody([{ path: field.split('.'), message, ours: true }], labels));
}

export function fieldErrorFromZod(error: ZodError, labels: Record<string, string>): FieldValidationError {
  return new FieldValidationError(fieldErrorBody(error.issues, labels));
}

/**
 * Answers this plugin's input failures with Italian, per-field messages (`{ error, message, field,
 * issues }`); any other error goes on to the application's error handler.
 */
export function installFieldErrorHandler(app: FastifyInstance, labels: Record<string, string>) {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof FieldValidationError) return reply.code(400).send(error.body);
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
      message: v.message ?? '',
    }));
    return reply.code(400).send(fieldErrorBody(issues, labels));
  });
}
