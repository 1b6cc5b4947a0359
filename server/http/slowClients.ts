import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages.ts';
import { requestMessages } from '../../domain/messages/requests.ts';
import { redactUrl } from './logRedaction.ts';

/**
 * How long a client may take to send a request (config.slowClients, docs/CONFIGURATION.md), so that a few
 * connections trickling a byte now and then cannot hold the server's sockets and streams for ever:
 *
 * - headers: Node's `headersTimeout`;
 * - the body of an ordinary request (JSON, the provider's forms, whatever reaches an unknown address): whole within
 *   `bodyTimeoutMs` of its headers;
 * - an upload (a route whose schema declares `multipartBody`): as long as it keeps moving, at least
 *   `uploadMinBytesPerSecond` over every `uploadStallMs`, and whole within `requestTimeoutMs` (Node's
 *   `requestTimeout`, the ceiling of every request);
 * - idle: `idleTimeoutMs` without a byte either way during a request, `keepAliveTimeoutMs` between two.
 *
 * Node checks its own two limits only every `connectionsCheckingInterval` (30 s by default): the interval is set to
 * a second here. The body limits are this module's own timers, armed by the server's `request` event, so they also
 * cover the provider's routes (hijacked, they read their bodies themselves) and requests Fastify answers before any
 * hook (a malformed URL). Progress is read from the socket's `bytesRead`: a 'data' listener would consume the body.
 */
export interface SlowClientLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  uploadStallMs: number;
  uploadMinBytesPerSecond: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
}

/** How often Node looks for requests past their headers or request timeout. */
export const connectionsCheckingInterval = (limits: SlowClientLimits) => Math.min(1000, Math.ceil(limits.headersTimeoutMs / 2));

/**
 * The longest a client trickling a body stays connected: an ordinary request's deadline, or two of an upload's
 * windows (the stall may begin just after a check).
 */
export const longestTrickle = (limits: SlowClientLimits) => Math.max(limits.bodyTimeoutMs, 2 * limits.uploadStallMs);

/** Fastify's options for the Node server: Fastify sets some after creating it, so both carry them. */
export function slowClientServerOptions(limits: SlowClientLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    clientErrorHandler,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits),
    },
  };
}

/** Requests this module cut off: the error handler answers them 408 instead of "the client went away". */
const cutOff = new WeakSet<IncomingMessage>();

/**
 * Whether the request's body will never arrive whole because its connection is gone: the client closed it, or this
 * module cut it off (`cut`). Such a request's errors (a parser's ECONNRESET "aborted") are no fault of ours.
 */
export function connectionGone(raw: IncomingMessage): false | 'closed' | 'cut' {
  if (raw.complete !== false) return false;
  if (!raw.destroyed && raw.socket?.destroyed !== true) return false;
  return cutOff.has(raw) ? 'cut' : 'closed';
}

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** An answer written on the socket itself, before the connection is closed: no response of Fastify's exists for it. */
const rawAnswer = (status: number, error: string, message: string) => {
  const body = JSON.stringify({ error, message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};
const timeoutAnswer = () => rawAnswer(408, 'request_timeout', requestMessages.requestTimeout);

/**
 * What Node's own refusals (headers or request past their limit, unreadable HTTP, headers too large) answer:
 * Fastify's default handler, in Italian and in the portal's `{ error, message }`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const started = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent === true;
  if (socket.writable && !started) {
    socket.write(
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? timeoutAnswer()
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? rawAnswer(431, 'headers_too_large', requestMessages.headersTooLarge)
          : rawAnswer(400, 'bad_request', messages.generic.badRequest),
    );
  }
  socket.destroy(error);
}

export function installSlowClientLimits(app: FastifyInstance, limits: SlowClientLimits) {
  const uploads = new WeakSet<IncomingMessage>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.schema?.multipartBody) uploads.add(request.raw);
    done();
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (hasBody(req) && !req.complete) watchBody(req, res, limits, (raw) => uploads.has(raw), app.log);
  });
}

function watchBody(
  req: IncomingMessage,
  res: ServerResponse,
  limits: SlowClientLimits,
  isUpload: (raw: IncomingMessage) => boolean,
  log: FastifyBaseLogger,
) {
  const { socket } = req;
  const originalUrl = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;
  const startedAt = Date.now();
  let checkedAt = startedAt;
  let bytesAtCheck = socket.bytesRead;

  const cut = (reason: string) => {
    cutOff.add(req);
    log.warn(
      // The provider's mount strips /idp from the raw URL (idp/idp.plugin.ts): log the address the client asked for.
      { method: req.method, url: redactUrl(originalUrl ?? ''), ms: Date.now() - startedAt, bytesRead: socket.bytesRead },
      `slow client cut off: ${reason}`,
    );
    if (!res.headersSent && socket.writable) socket.write(timeoutAnswer());
    socket.destroy();
  };

  const check = () => {
    if (req.complete || socket.destroyed) return;
    const now = Date.now();
    if (isUpload(req)) {
      const arrived = socket.bytesRead - bytesAtCheck;
      // Bytes received but not read yet: the wait is ours (the storage is slow), and the client is held back by it.
      const oursToRead = req.readableLength > 0;
      if (!oursToRead && arrived < (limits.uploadMinBytesPerSecond * (now - checkedAt)) / 1000) {
        return cut(`upload stalled (${arrived} bytes in ${now - checkedAt} ms)`);
      }
      checkedAt = now;
      bytesAtCheck = socket.bytesRead;
      timer = setTimeout(check, limits.uploadStallMs).unref();
    } else {
      const left = startedAt + limits.bodyTimeoutMs - now;
      if (left <= 0) return cut(`body not received within ${limits.bodyTimeoutMs} ms`);
      timer = setTimeout(check, left).unref();
    }
  };

  let timer = setTimeout(check, Math.min(limits.bodyTimeoutMs, limits.uploadStallMs)).unref();
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
}
