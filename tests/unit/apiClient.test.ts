// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { createApiClient } from '../../src/api/client.ts';
import { ApiRequestError } from '../../src/api/errors.ts';
import { exchangeCode, refreshTokens } from '../../src/api/jwt.ts';
import { downloadExcelCompilazioni } from '../../src/api/adminOrganizations.ts';
import { downloadReportExcel } from '../../src/api/reports.ts';
import { getCurrentUser, getUserStatus } from '../../src/api/user.ts';
import { GOOD_REFRESH_TOKEN, startPortalApiServer, type PortalApiServer } from './portalApiServer.ts';

let server: PortalApiServer;

beforeAll(async () => {
  server = await startPortalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.validAccessToken = 'access-1';
  server.nextAccessToken = 'access-2';
});

/** A client whose refresh calls the real refresh endpoint, as a browser without the auth machine would. */
function clientWith(store: { access: string | null; refresh: string; organizationId?: string }) {
  const sessionExpired = vi.fn();
  const api = createApiClient({
    baseURL: server.url,
    getAccessToken: () => store.access,
    getSelectedOrganizationId: () => store.organizationId ?? null,
    refreshAccessToken: async () => {
      const tokens = await refreshTokens(api, store.refresh);
      store.access = tokens.token;
      return tokens.token;
    },
    onSessionExpired: sessionExpired,
  });
  return { api, sessionExpired };
}

const userCalls = () => server.requests.filter((seen) => seen.path === '/api/User');

describe('API client', () => {
  it('renews an expired access token once and replays the request, so the person keeps working', async () => {
    const { api, sessionExpired } = clientWith({ access: 'expired', refresh: GOOD_REFRESH_TOKEN });

    const user = await getCurrentUser(api);

    expect(`${user.firstName} ${user.lastName}`).toBe('Maria Rossi');
    expect(userCalls().map((seen) => seen.authorization)).toEqual(['Bearer expired', 'Bearer access-2']);
    expect(server.refreshCalls()).toBe(1);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes once for requests that meet a 401 at the same time', async () => {
    const { api } = clientWith({ access: 'expired', refresh: GOOD_REFRESH_TOKEN });

    const answers = await Promise.all([getCurrentUser(api), getUserStatus(api), getCurrentUser(api)]);

    expect(answers[0].email).toBe('maria.rossi@example.it');
    expect(answers[1].hasOrganization).toBe(true);
    expect(server.refreshCalls()).toBe(1);
    expect(server.requests.filter((seen) => seen.authorization === 'Bearer access-2')).toHaveLength(3);
  });

  it('ends the session when the refresh token is refused, with the Italian message', async () => {
    const { api, sessionExpired } = clientWith({ access: 'expired', refresh: 'revoked' });

    const failure = await getCurrentUser(api).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 401, message: 'Accesso richiesto: effettua di nuovo l’accesso.' });
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(userCalls()).toHaveLength(1); // no replay without a new token
  });

  it('sends the bearer token and the selected organisation on every call', async () => {
    const { api } = clientWith({ access: 'access-1', refresh: GOOD_REFRESH_TOKEN, organizationId: 'org-1' });

    await getUserStatus(api);

    expect(server.requests).toEqual([
      expect.objectContaining({ path: '/api/User/GetUserStatus', authorization: 'Bearer access-1', selectedOrganizationId: 'org-1' }),
    ]);
  });

  it('shows the server’s own message when a login code is refused, without any refresh', async () => {
    const { api, sessionExpired } = clientWith({ access: null, refresh: GOOD_REFRESH_TOKEN });

    const failure = await exchangeCode(api, { code: 'spent', redirectUri: 'http://127.0.0.1/login-callback' }).catch(
      (error: unknown) => error,
    );

    expect(failure).toMatchObject({ status: 400, message: 'Il codice di accesso non è valido o è scaduto: premi di nuovo Accedi.' });
    expect(server.requests).toEqual([expect.objectContaining({ path: '/api/Jwt/token-exchange', authorization: null })]);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('downloads a file with the session’s token, renewing an expired one once and replaying, as any call', async () => {
    const { api, sessionExpired } = clientWith({ access: 'expired', refresh: GOOD_REFRESH_TOKEN });

    const report = await downloadReportExcel(api, { workspaceId: 'fondi-tematici', reportId: 'domande' });
    const list = await downloadExcelCompilazioni(api, 'TUR', ['a1', 'a2']);

    expect(await report.text()).toBe('PK file per {"workspaceId":"fondi-tematici","reportId":"domande"}');
    expect(await list.text()).toBe('PK file per {"compilazioniId":["a1","a2"],"callType":"TUR"}');
    expect(server.requests.filter((seen) => seen.path.includes('Download')).map((seen) => seen.authorization)).toEqual([
      'Bearer expired',
      'Bearer access-2',
      'Bearer access-2',
    ]);
    expect(server.refreshCalls()).toBe(1);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('gives the name from Content-Disposition, and the server’s Italian message when a download is refused', async () => {
    const { api } = clientWith({ access: 'access-1', refresh: GOOD_REFRESH_TOKEN });

    await expect(api.download('/api/Report/DownloadExcelReport?reportId=domande')).resolves.toMatchObject({
      contentDisposition: 'attachment; filename="Report.xlsx"',
    });
    const failure = await downloadReportExcel(api, { workspaceId: 'fondi-tematici', reportId: 'sconosciuto' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 404, message: 'Report non trovato.' });
  });

  it('ends the session when a download meets a 401 the refresh token cannot cure', async () => {
    const { api, sessionExpired } = clientWith({ access: 'expired', refresh: 'revoked' });

    await expect(downloadExcelCompilazioni(api, 'PUI', ['a1'])).rejects.toMatchObject({ status: 401 });
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('says in Italian that the server cannot be reached', async () => {
    const closed = await startPortalApiServer();
    await closed.close();
    const api = createApiClient({
      baseURL: closed.url,
      getAccessToken: () => 'access-1',
      getSelectedOrganizationId: () => null,
      refreshAccessToken: async () => null,
      onSessionExpired: () => {},
    });

    await expect(getCurrentUser(api)).rejects.toMatchObject({ status: null, message: messages.generic.network });
  });
});
