/**
 * OIDC_LOGIN_LABEL reaches the welcome page's sign-in button inside the page the server serves (no request of its
 * own): `<meta name="portal-login-label" content="Entra con SPID o CIE">`, written by server/delivery/pagePreloads.ts
 * and read by src/features/welcome/loginLabel.ts. Pure, no zod: the welcome page reads it.
 */
export const LOGIN_LABEL_META = 'portal-login-label';
