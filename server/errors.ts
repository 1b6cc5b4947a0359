import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiErrorCode } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { idSchema, isMalformedIdIssue } from '../domain/idSchema.ts';
import { requestMessages } from '../domain/messages/requests.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { loggableError } from './http/logRedaction.ts';
import { connectionGone } from './http/slowClients.ts';
import { fieldErrorBody } from './http/fieldErrorBody.ts';

/**
 * The one error type of an answer the client caused: its status, a stable code for programs, an Italian message for
 * people and, for a refusal of the input, the fields it is about (`{ field, issues }` of the one error body).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fields: Pick<ApiErrorBody, 'field' | 'issues'> = {},
  ) {
    super(message);
  }

  get body(): ApiErrorBody {
    return { error: this.code, message: this.message, ...this.fields };
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Italian label of each input field (server/routes/fieldErrors.ts `labelFields`), for per-field refusals. */
    fieldLabels?: Record<string, string>;
  }
}

/** A malformed id names nothing: the answer of an id that does not exist, wherever the id came from. */
const malformedId = () => new HttpError(404, 'not_found', messages.generic.notFound);

/**
 * An id from where no route schema reads it (a header, a multipart field), parsed by the same `idSchema` as the
 * schemas' ids and refused with the same 404 when malformed. A missing one (or not text at all) names nothing either,
 * but is the client's mistake to correct: 400 with `missing`, the field's own message.
 */
export function parseId(value: unknown, missing: string = messages.generic.badRequest): string {
  if (typeof value !== 'string' || value === '') throw new HttpError(400, 'validation_error', missing);
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw malformedId();
  return parsed.data;
}

const messageByStatus: Record<number, string> = {
  400: messages.generic.badRequest,
  401: messages.auth.unauthorized,
  403: messages.auth.forbidden,
  404: messages.generic.notFound,
  405: requestMessages.methodNotAllowed,
  406: requestMessages.notAcceptable,
  413: requestMessages.payloadTooLarge,
  415: requestMessages.unsupportedMediaType,
  429: requestMessages.tooManyRequests,
};

/**
 * The one error handler: every error leaves as `{ error, message }` (with `field` and `issues` when it is about the
 * input; a route that declares `config.fieldLabels` has its schema's refusals described field by field, in Italian);
 * a client's mistake is a 4xx, never a 500.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // A body that stopped arriving because its connection is gone (the person closed the page, the line dropped, or
    // server/http/slowClients.ts cut it off): the parser's ECONNRESET is the client's, not the database's.
    const gone = connectionGone(request.raw);
    if (gone) {
      request.log.info(
        { code: (error as { code?: unknown }).code },
        gone === 'cut'
          ? 'slow client cut off before its request arrived whole'
          : 'client closed the connection before its request arrived whole',
      );
      return gone === 'cut'
        ? reply.code(408).send({ error: 'request_timeout', message: requestMessages.requestTimeout })
        : reply.code(400).send({ error: 'request_interrupted', message: requestMessages.requestInterrupted });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id of the query or the body (not one inside a list) that `idSchema` refused: the request names nothing.
      const malformed = error.validation.some(
        (v) => v.instancePath.split('/').length === 2 && isMalformedIdIssue(v.keyword, (v.params as { pattern?: unknown }).pattern),
      );
      if (malformed) return reply.code(404).send(malformedId().body);
      const labels = request.routeOptions.config.fieldLabels;
      if (labels) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
          message: v.message ?? '',
        }));
        return reply.code(400).send(fieldErrorBody(issues, labels));
      }
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      return reply.code(400).send({
        error: 'validation_error',
        message: field ? requestMessages.invalidField(field) : messages.generic.badRequest,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: loggableError(error) }, 'response does not match its schema');
      return reply.code(500).send({ error: 'internal_error', message: messages.generic.serverError, requestId: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: 'service_unavailable', message: messages.generic.unavailable });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: (error as FastifyError).code ?? 'bad_request', message: messageByStatus[status] ?? messages.generic.badRequest });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', message: messages.generic.serverError, requestId: request.id });
  });
}
