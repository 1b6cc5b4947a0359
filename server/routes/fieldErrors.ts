import type { FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';
import { HttpError } from '../errors.ts';
import { fieldErrorBody } from '../http/fieldErrorBody.ts';

/** A rule checked in a handler (against reference data or stored values), answered like a schema failure. */
function refusal(body: ReturnType<typeof fieldErrorBody>): HttpError {
  const { error, message, field, issues } = body;
  return new HttpError(400, error, message, {}, { field, issues });
}

export function fieldError(field: string, message: string, labels: Record<string, string>): HttpError {
  return refusal(fieldErrorBody([{ path: field.split('.'), message, ours: true }], labels));
}

export function fieldErrorFromZod(error: ZodError, labels: Record<string, string>): HttpError {
  return refusal(fieldErrorBody(error.issues, labels));
}

/**
 * The Italian labels of this plugin's fields, declared on each of its routes (`config.fieldLabels`): the one error
 * handler (server/errors.ts) then describes a schema's refusal field by field (`{ error, message, field, issues }`).
 */
export function labelFields(app: FastifyInstance, labels: Record<string, string>) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, fieldLabels: labels };
  });
}
