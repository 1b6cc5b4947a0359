import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './http/logRedaction.ts';

/**
 * One log line per answered request (method, path, status, milliseconds) instead of Fastify's two (one on
 * arrival, one on completion, each serialising the whole request or reply): half the logging cost of every
 * call, with what an operator reads; the URL's secrets are hidden as in every other line (http/logRedaction.ts). Errors, stream failures and the rest keep Fastify's own lines.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      // The provider's mount strips /idp from the raw URL (idp/idp.plugin.ts): log the address the browser asked for.
      url: redactUrl(request.originalUrl ?? request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
