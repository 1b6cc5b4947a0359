import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { operationsMessages } from '../../domain/messages/operations.ts';
import { HttpError } from '../errors.ts';
import type { Metrics } from './metrics.ts';
import type { Readiness, ReadinessReport } from './readiness.ts';

export interface OperationsRoutesOptions {
  readiness: Readiness;
  /** Undefined without METRICS_TOKEN: /metrics is then not served at all. */
  metrics?: { registry: Metrics['registry']; token: string };
  /** METRICS_TOKEN: the bearer that also sees which part /readyz found down; without it nobody does. */
  detailsToken?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A bearer token compared in constant time (digests of equal length whatever was sent). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** A report as one comparable text: the log says when readiness changes, not on every probe. */
const readinessLine = (report: ReadinessReport) => JSON.stringify([report.ready, report.checks]);

/**
 * What a load balancer, an orchestrator and Prometheus ask: /livez (the process serves), /readyz (it can
 * serve people now: readiness.ts; which part is down only to the METRICS_TOKEN bearer), /metrics (Prometheus text, to the METRICS_TOKEN bearer only). Outside
 * /api, so no rate limit applies, and logged only when something goes wrong (logLevel warn).
 */
export async function operationsRoutes(app: FastifyInstance, { readiness, metrics, detailsToken }: OperationsRoutesOptions) {
  app.get('/livez', { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  /**
   * Anyone may ask whether the process is ready (a balancer carries no token): the answer is the status alone, so a
   * probe learns nothing of the deployment (whether Redis or a bucket is used). Which part is down goes to the
   * METRICS_TOKEN bearer and, whenever it changes, to the log.
   */
  let lastReported = readinessLine({ ready: true, checks: {} });
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const report = await readiness.check();
    const line = readinessLine(report);
    if (line !== lastReported) {
      lastReported = line;
      if (report.ready) app.log.info({ checks: report.checks }, 'ready');
      else app.log.warn({ checks: report.checks }, 'not ready');
    }
    const status = report.ready ? operationsMessages.readiness.ready : operationsMessages.readiness.notReady;
    const detailed = detailsToken !== undefined && bearerMatches(request.headers.authorization, detailsToken);
    return reply
      .code(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(detailed ? { status, checks: report.checks } : { status });
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
