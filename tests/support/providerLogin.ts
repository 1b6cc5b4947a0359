import type { TokenSet } from '../../domain/auth.ts';
import { CookieJar } from './cookieJar.ts';
import { verificationLinkFor } from './verificationMail.ts';

/** One request as a browser sends it; `url` is a path with its query. */
export interface PortalRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}
export interface PortalResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}
/** How requests reach a portal: `app.inject` in one process, HTTP to a running server otherwise. */
export type SendToPortal = (request: PortalRequest) => Promise<PortalResponse>;

/**
 * A person's way through the identity provider's pages, as a browser takes it: /api/Jwt/login, the
 * provider's form, the redirect to /login-callback, then the code exchanged for tokens. `login` and
 * `exchange` may go to different processes of one portal (tests/api/twoProcesses.test.ts).
 */
/**
 * `outboxDir`: where the portal writes its mail (DATA_DIR/outbox); `register` reads the verification link there
 * and opens it, as the person would, before signing in with Accedi and the tokens being issued.
 */
export function providerLogin(
  login: SendToPortal,
  publicUrl: string,
  exchangeAt: SendToPortal = login,
  options: { outboxDir?: string } = {},
) {
  const pathOf = (location: string) => {
    const url = new URL(location, publicUrl);
    return url.pathname + url.search;
  };

  /** A browser: follows redirects within the portal and keeps cookies, stopping at /login-callback. */
  async function browse(jar: CookieJar, first: { method: 'GET' | 'POST'; url: string; form?: Record<string, string> }) {
    let request = first;
    for (let hop = 0; hop < 15; hop++) {
      const response = await login({
        method: request.method,
        url: request.url,
        headers: {
          cookie: jar.headerFor(request.url.split('?')[0]!),
          ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        payload: request.form ? new URLSearchParams(request.form).toString() : undefined,
      });
      jar.store(response.headers['set-cookie'] as string | string[] | undefined);
      const location = response.headers.location;
      if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return { response, url: request.url };
      const next = pathOf(location);
      if (next.startsWith('/login-callback')) return { response, url: next };
      request = { method: 'GET', url: next };
    }
    throw new Error('too many redirects');
  }

  /** Opens the provider's page for `screen` and submits its form; returns where the browser ended. */
  async function submitAtProvider(screen: 'login' | 'register', form: Record<string, string>) {
    const jar = new CookieJar();
    const page = await browse(jar, { method: 'GET', url: `/api/Jwt/login?screen=${screen}` });
    const action = page.response.body.match(/<form method="post" action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form on the ${screen} page: ${page.response.statusCode}`);
    const result = await browse(jar, { method: 'POST', url: action, form });
    return { jar, ...result };
  }

  async function exchange(jar: CookieJar, callbackPath: string): Promise<TokenSet> {
    const callback = new URL(callbackPath, publicUrl);
    const response = await exchangeAt({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { cookie: jar.headerFor('/api/Jwt/token-exchange'), 'content-type': 'application/json' },
      payload: JSON.stringify({
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
        iss: callback.searchParams.get('iss'),
        redirectUri: `${publicUrl}/login-callback`,
      }),
    });
    if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.statusCode} ${response.body}`);
    return JSON.parse(response.body) as TokenSet;
  }

  /**
   * Opens the verification link mailed to `email`, in a browser of its own (a mail client's link), and presses
   * the page's button: only that verifies.
   */
  async function verifyEmail(email: string) {
    if (!options.outboxDir) throw new Error('providerLogin: no outboxDir to read the verification e-mail from');
    const link = new URL(await verificationLinkFor(options.outboxDir, email));
    const page = await login({ method: 'GET', url: link.pathname + link.search });
    if (page.statusCode !== 200) throw new Error(`verification link answered ${page.statusCode}: ${page.body}`);
    const response = await login({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: link.searchParams.get('token')! }).toString(),
    });
    if (response.statusCode !== 200) throw new Error(`verification button answered ${response.statusCode}: ${response.body}`);
    return response;
  }

  /**
   * Registration ends on the «Controlla la tua casella di posta» page: from there the person follows Accedi,
   * in the same interaction, and signs in. Returns where the browser ended (/login-callback).
   */
  async function signInAfterRegistration(jar: CookieJar, sentPage: { response: PortalResponse }, email: string, password: string) {
    const loginHref = sentPage.response.body.match(/<a href="(\/idp\/interaction\/[^"]+\/login)">Accedi<\/a>/)?.[1];
    if (!loginHref) throw new Error(`registration did not end on the check-your-mail page: ${sentPage.response.statusCode}`);
    const loginPage = await browse(jar, { method: 'GET', url: loginHref });
    const action = loginPage.response.body.match(/<form method="post" action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form on the login page: ${loginPage.response.statusCode}`);
    return browse(jar, { method: 'POST', url: action, form: { email, password } });
  }

  let registered = 0;
  return {
    browse,
    submitAtProvider,
    signInAfterRegistration,
    exchange,
    verifyEmail,
    /**
     * Registers a new person at the embedded provider (accepting the terms) and returns their tokens. With an
     * outbox, the person first opens the verification link mailed to them (`verify: false` leaves it unopened).
     */
    async register(
      person: Partial<{ firstName: string; lastName: string; email: string; password: string; fiscalCode: string }> = {},
      { verify = options.outboxDir !== undefined }: { verify?: boolean } = {},
    ) {
      registered += 1;
      const form = {
        firstName: 'Giulia',
        lastName: 'Rossi',
        email: `giulia.rossi.${registered}.${Date.now()}@esempio.it`,
        password: 'password-sicura-1',
        terms: 'accepted',
        ...person,
      };
      const { jar, ...sentPage } = await submitAtProvider('register', form);
      if (verify) await verifyEmail(form.email);
      const { url } = await signInAfterRegistration(jar, sentPage, form.email, form.password);
      return { ...(await exchange(jar, url)), email: form.email };
    },
    async login(email: string, password: string) {
      const { jar, url } = await submitAtProvider('login', { email, password });
      return exchange(jar, url);
    },
  };
}
