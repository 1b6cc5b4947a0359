import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for tests, as the ones in front of the portal behave: it sends each request to the next
 * backend in turn among those in service, and retries on another one a request that could not even be delivered
 * (connection refused: the backend has stopped listening). Each backend's /readyz is asked 100 ms after its last
 * answer: a 503 or a refused connection takes it out of service at once (it is draining or gone), while a check
 * that times out counts only after three in a row, as HAProxy's `fall 3` does, so a backend slow under load is
 * not dropped for one late answer; with none in service, it tries those that still accept connections. A request
 * that reached a backend is never sent twice: if that backend drops it, the client gets 502, and the test counts
 * it as lost.
 */
export async function startRoundRobinProxy(backends: string[]) {
  const ready = new Map(backends.map((backend) => [backend, false]));
  let turn = 0;
  const stats = { forwarded: new Map(backends.map((backend) => [backend, 0])), retried: 0, dropped: 0 };

  const lateChecks = new Map(backends.map((backend) => [backend, 0]));
  /** Backends that refused a connection since their last answer: gone, not only slow. */
  const refused = new Set<string>();
  const check = async (backend: string) => {
    try {
      const response = await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      lateChecks.set(backend, 0);
      refused.delete(backend);
      ready.set(backend, response.ok);
    } catch (error) {
      const late = (error as Error).name === 'TimeoutError';
      lateChecks.set(backend, late ? lateChecks.get(backend)! + 1 : 0);
      if (!late) refused.add(backend);
      if (!late || lateChecks.get(backend)! >= 3) ready.set(backend, false);
    }
  };
  await Promise.all(backends.map(check));
  let polling = true;
  const polls = backends.map(async (backend) => {
    while (polling) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (polling) await check(backend);
    }
  });

  // None in service (all slow under load, or starting): any that still listens, rather than refusing everything.
  const pick = () => {
    const candidates = backends.filter((backend) => ready.get(backend));
    const listening = backends.filter((backend) => !refused.has(backend));
    const from = candidates.length > 0 ? candidates : listening.length > 0 ? listening : backends;
    return from[turn++ % from.length]!;
  };

  /** Sends the buffered request to `backend`; rejects with the socket's error when it could not be delivered. */
  const forward = (backend: string, request: http.IncomingMessage, body: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const target = new URL(request.url ?? '/', backend);
      const outgoing = http.request(target, {
        method: request.method,
        headers: { ...request.headers, host: target.host, 'content-length': String(body.length) },
        // A connection per request: a stopping backend never gets a new request on an old connection.
        agent: false,
      });
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      outgoing.end(body);
    });

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (let attempt = 0; attempt < 100; attempt++) {
      const backend = pick();
      let upstream: http.IncomingMessage;
      try {
        upstream = await forward(backend, request, body);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
          stats.retried++;
          ready.set(backend, false);
          refused.add(backend);
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        stats.dropped++;
        response.writeHead(502).end();
        return;
      }
      stats.forwarded.set(backend, (stats.forwarded.get(backend) ?? 0) + 1);
      response.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(response);
      upstream.once('error', () => {
        stats.dropped++;
        response.destroy();
      });
      return;
    }
    response.writeHead(502).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    async stop() {
      polling = false;
      await Promise.all(polls);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
