import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Registry } from 'prom-client';
import { HAND_OVER_STATUSES } from '../../domain/applicationStatus.ts';
import type { Db, PoolStats } from '../db/client.ts';
import { queryRows } from '../db/queryRows.ts';

/** The business events a process counts, beside what every HTTP answer counts by itself. */
export interface PortalCounters {
  emailSent(): void;
  emailFailed(): void;
  rateLimitRefused(limit: string): void;
}

/** A bounded queue's figures (the click day's hand-overs, the PDF thread): see `watchQueue`. */
export interface QueueStats {
  running: number;
  waiting: number;
  refused: number;
}

/** Routes whose successful answers are business events: an autosave, an upload (with its bytes). */
const AUTOSAVE_ROUTE = '/api/DraftCompilazione/CreateDraftCompilazione';
const UPLOAD_ROUTE = '/api/FileUpload/UploadFile';

/**
 * Prometheus metrics of one process (prom-client, its own registry): HTTP requests by route pattern, method
 * and status class with their latency; the database pool; Node's event loop, memory and garbage collector;
 * autosaves, uploads, e-mails and rate-limit refusals counted here; hand-overs by kind read from the database
 * (the status history every process writes), so each process reports the portal's totals.
 */
export async function createMetrics({ db, pool }: { db: Db; pool?: PoolStats }) {
  const client = await import('prom-client');
  const registry: Registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const labels = ['route', 'method', 'status_class'] as const;
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'Richieste HTTP risposte',
    labelNames: labels,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durata delle richieste HTTP, dalla ricezione alla risposta',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const autosaves = new client.Counter({ name: 'portale_autosaves_total', help: 'Bozze salvate', registers: [registry] });
  const uploads = new client.Counter({ name: 'portale_uploads_total', help: 'Allegati caricati', registers: [registry] });
  const uploadBytes = new client.Counter({
    name: 'portale_upload_bytes_total',
    help: 'Byte ricevuti con gli allegati caricati',
    registers: [registry],
  });
  const emails = new client.Counter({
    name: 'portale_emails_total',
    help: 'E-mail inviate o non riuscite',
    labelNames: ['result'],
    registers: [registry],
  });
  const refusals = new client.Counter({
    name: 'portale_rate_limit_refusals_total',
    help: 'Richieste rifiutate da un limite di frequenza (429)',
    labelNames: ['limit'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'portale_handovers',
    help: 'Consegne registrate (tutti i processi), per tipo',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ status: string; count: number }>(
        db,
        sql`select to_status as status, count(*)::int as count from application_status_history
            where to_status in (${sql.join(
              HAND_OVER_STATUSES.map((status) => sql`${status}`),
              sql`, `,
            )}) group by to_status`,
      );
      this.reset();
      for (const status of HAND_OVER_STATUSES) this.set({ kind: status }, rows.find((row) => row.status === status)?.count ?? 0);
    },
  });
  if (pool) {
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'Connessioni al database del processo, per stato',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.total());
        this.set({ state: 'idle' }, pool.idle());
      },
    });
    new client.Gauge({
      name: 'db_pool_waiting',
      help: 'Richieste in attesa di una connessione al database',
      registers: [registry],
      collect() {
        this.set(pool.waiting());
      },
    });
    new client.Gauge({
      name: 'db_pool_errors',
      help: 'Connessioni al database chiuse per errore dall’avvio del processo',
      registers: [registry],
      collect() {
        this.set(pool.errors());
      },
    });
  }

  // The bounded queues of this process (issue 45), registered by whoever owns them.
  const queues = new Map<string, () => QueueStats>();
  new client.Gauge({
    name: 'portale_queue_jobs',
    help: 'Lavori delle code limitate del processo (consegne, PDF), in corso o in attesa',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect() {
      for (const [queue, stats] of queues) {
        const { running, waiting } = stats();
        this.set({ queue, state: 'running' }, running);
        this.set({ queue, state: 'waiting' }, waiting);
      }
    },
  });
  new client.Gauge({
    name: 'portale_queue_refused_total',
    help: 'Lavori rifiutati perché la coda era piena (503 con Retry-After), dall’avvio del processo',
    labelNames: ['queue'],
    registers: [registry],
    collect() {
      for (const [queue, stats] of queues) this.set({ queue }, stats().refused);
    },
  });

  const counters: PortalCounters = {
    emailSent: () => emails.inc({ result: 'sent' }),
    emailFailed: () => emails.inc({ result: 'failed' }),
    rateLimitRefused: (limit) => refusals.inc({ limit }),
  };

  return {
    registry,
    counters,
    /** Reports a bounded queue's running, waiting and refused jobs under `name` (handovers, pdf). */
    watchQueue(name: string, stats: () => QueueStats): void {
      queues.set(name, stats);
    },
    /** Counts every answer by its route's pattern (never its URL: ids would make a series per object). */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'nessuna';
        const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
        const values = { route, method: request.method, status_class: statusClass };
        requests.inc(values);
        duration.observe(values, reply.elapsedTime / 1000);
        if (statusClass !== '2xx') return;
        if (route === AUTOSAVE_ROUTE) autosaves.inc();
        else if (route === UPLOAD_ROUTE) {
          uploads.inc();
          uploadBytes.inc(Number(request.headers['content-length'] ?? 0) || 0);
        }
      });
    },
  };
}

export type Metrics = Awaited<ReturnType<typeof createMetrics>>;
