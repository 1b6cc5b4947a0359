import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { operationsMessages } from '../../domain/messages/operations.ts';
import { HttpError } from '../errors.ts';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

export interface OperationsRoutesOptions {
  readiness: Readiness;
  /** Undefined without METRICS_TOKEN: /metrics is then not served at all. */
  metrics?: { registry: Metrics['registry']; token: string };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A bearer token compared in constant time (digests of equal length whatever was sent). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * What a load balancer, an orchestrator and Prometheus ask: /livez (the process serves), /readyz (it can
 * serve people now: readiness.ts), /metrics (Prometheus text, to the METRICS_TOKEN bearer only). Outside
 * /api, so no rate limit applies, and logged only when something goes wrong (logLevel warn).
 */
export async function operationsRoutes(app: FastifyInstance, { readiness, metrics }: OperationsRoutesOptions) {
  app.get('/livez', { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const report = await readiness.check();
    return reply
      .code(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: report.ready ? operationsMessages.readiness.ready : operationsMessages.readiness.notReady, checks: report.checks });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    // Without METRICS_TOKEN nothing is counted and there is nothing to serve (not even the page of the client).
    if (!metrics) throw new HttpError(404, 'not_found', operationsMessages.metricsOff);
    if (!bearerMatches(request.headers.authorization, metrics.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'unauthorized', message: operationsMessages.metricsUnauthorized });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
