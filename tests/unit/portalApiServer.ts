import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '../../domain/user.ts';

/**
 * A tiny HTTP server on 127.0.0.1 that answers the Jwt and User calls the way the contract says,
 * so the client is tested over real HTTP (headers, bodies, statuses), not against a stubbed fetch.
 */
export const portalUser: User = {
  id: 'user-1',
  firstName: 'Maria',
  lastName: 'Rossi',
  email: 'maria.rossi@example.it',
  emailVerified: true,
  fiscalCode: null,
  roles: ['user'],
  organizations: [{ id: 'org-1', name: 'Comune di Prova', email: null, pIva: '01234567890', status: 'active', suspensionReason: null }],
};

export const GOOD_CODE = 'good-code';
export const GOOD_REFRESH_TOKEN = 'good-refresh';
const EXCHANGE_REFUSED = 'Il codice di accesso non è valido o è scaduto: premi di nuovo Accedi.';
const UNAUTHORIZED = 'Accesso richiesto: effettua di nuovo l’accesso.';
const REFRESH_REFUSED = 'La sessione è scaduta: accedi di nuovo.';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  selectedOrganizationId: string | null;
  body: unknown;
}

export interface PortalApiServer {
  url: string;
  requests: SeenRequest[];
  /** The access token /api/User accepts now; changing it makes every other token expired. */
  validAccessToken: string;
  /** What the next successful refresh hands out. */
  nextAccessToken: string;
  refreshCalls(): number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? null : JSON.parse(text);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startPortalApiServer(): Promise<PortalApiServer> {
  const state: PortalApiServer = {
    url: '',
    requests: [],
    validAccessToken: 'access-1',
    nextAccessToken: 'access-2',
    refreshCalls: () => state.requests.filter((seen) => seen.path === '/api/Jwt/refresh').length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      const header = (name: string) => {
        const value = request.headers[name.toLowerCase()];
        return typeof value === 'string' ? value : null;
      };
      state.requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        authorization: header('Authorization'),
        selectedOrganizationId: header('SelectedOrganizationId'),
        body,
      });
      const signedIn = header('Authorization') === `Bearer ${state.validAccessToken}`;

      switch (`${request.method} ${url.pathname}`) {
        case 'POST /api/Jwt/token-exchange': {
          const { code } = body as { code?: string };
          if (code !== GOOD_CODE) return send(response, 400, { error: 'invalid_grant', message: EXCHANGE_REFUSED });
          return send(response, 200, {
            token: state.validAccessToken,
            refresh_token: GOOD_REFRESH_TOKEN,
            id_token: 'id-1',
            expires_in: 300,
          });
        }
        case 'POST /api/Jwt/refresh': {
          const { refresh_token: refreshToken } = body as { refresh_token?: string };
          // Slow enough that parallel requests meet the same refresh in flight.
          await new Promise((resolve) => setTimeout(resolve, 40));
          if (refreshToken !== GOOD_REFRESH_TOKEN) return send(response, 401, { error: 'invalid_refresh_token', message: REFRESH_REFUSED });
          state.validAccessToken = state.nextAccessToken;
          return send(response, 200, { token: state.validAccessToken, refresh_token: null, id_token: null, expires_in: 300 });
        }
        case 'POST /api/Jwt/revoke':
          return send(response, 200, { revoked: true });
        case 'GET /api/User':
          return signedIn ? send(response, 200, portalUser) : send(response, 401, { error: 'unauthorized', message: UNAUTHORIZED });
        case 'GET /api/User/GetUserStatus':
          return signedIn
            ? send(response, 200, { isAdmin: false, hasOrganization: true, organizationsCount: 1 })
            : send(response, 401, { error: 'unauthorized', message: UNAUTHORIZED });
        // Downloads: the file's bytes with its name, or a JSON error as every API error.
        case 'GET /api/Report/DownloadExcelReport':
        case 'POST /api/DraftCompilazione/DownloadExcelCompilazioni': {
          if (!signedIn) return send(response, 401, { error: 'unauthorized', message: UNAUTHORIZED });
          if (url.searchParams.get('reportId') === 'sconosciuto') {
            return send(response, 404, { error: 'not_found', message: 'Report non trovato.' });
          }
          response.writeHead(200, {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="Report.xlsx"',
          });
          return response.end(`PK file per ${JSON.stringify(body ?? Object.fromEntries(url.searchParams))}`);
        }
        default:
          return send(response, 404, { error: 'not_found', message: 'Risorsa non trovata.' });
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
