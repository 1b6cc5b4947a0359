import type { FastifyServerOptions } from 'fastify';

/**
 * What the log must never keep: the secrets some URLs carry in their query (an authorization code, an
 * invitation token, an id token, a login's state), the text people typed that some carry (a status note, a
 * search), and the personal data in a failed query's parameters.
 * Every request line and every logged error passes through these serializers.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'code',
  'token',
  'id_token_hint',
  'id_token',
  'access_token',
  'refresh_token',
  'state',
  'session_state',
  'code_verifier',
  'client_secret',
  'password',
  'xsrf',
  'logout_hint',
  'login_hint',
]);

/**
 * What people type that travels in a query (the spec's API puts an administrator's note to an organisation in
 * `…CompilazioneStatus?…&note=`; the admin list's search in `q`): personal data the log has no need of.
 */
const PEOPLES_TEXT_QUERY_PARAMETERS = new Set(['note', 'q', 'message', 'reason']);

export const REDACTED = '[nascosto]';

const isHidden = (name: string) => SECRET_QUERY_PARAMETERS.has(name) || PEOPLES_TEXT_QUERY_PARAMETERS.has(name);

/** The URL with the value of every secret or typed-text query parameter replaced (names kept, so the log still reads). */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
    } catch {
      // A malformed name is kept as it came: it cannot match a secret's name anyway.
    }
    return eq !== -1 && isHidden(name.toLowerCase()) ? `${rawName}=${REDACTED}` : part;
  });
  return `${path}?${parts.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  raw?: { originalUrl?: string; url?: string };
}

function serializeRequest(request: LoggedRequest) {
  // The provider's requests are re-pathed for it (raw.url without /idp): log what the browser asked for.
  const url = request.raw?.originalUrl ?? request.url ?? '';
  return {
    method: request.method,
    url: redactUrl(url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Only the fields that say what went wrong: never an error's own enumerable data (query params, detail rows). */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: unknown, depth = 0): SerializedError {
  const safe = loggableError(error);
  if (!(safe instanceof Error)) return { type: typeof safe, message: String(safe), stack: '' };
  const { code, statusCode } = safe as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: safe.name,
    message: safe.message,
    stack: safe.stack ?? '',
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(safe.cause !== undefined && depth < 3 ? { cause: serializeError(safe.cause, depth + 1) } : {}),
  };
}

export const logSerializers = { req: serializeRequest, err: serializeError, error: serializeError };

/** The logger option with our serializers added: false stays false (no log at all). */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

/**
 * The error as the log may keep it: a failed query's parameters (names, e-mails, VAT numbers, drafts) are
 * personal data, so only the SQL text, the database's code and the cause's message remain.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  const safe = new Error(`Failed query: ${String(error.query)}${cause?.message ? ` — ${String(cause.message)}` : ''}`);
  safe.name = error.name;
  safe.stack = `${safe.name}: ${safe.message}\n${(error.stack ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n')}`;
  Object.assign(safe, { code: cause?.code });
  return safe;
}
