import type { LoginScreen } from '../../domain/auth.ts';

/** Accedi / Registrati: a full-page navigation, the server sends the browser on to the identity provider. */
export function loginUrl(screen: LoginScreen): string {
  return `/api/Jwt/login?${new URLSearchParams({ screen }).toString()}`;
}
