import { messages } from '../../../domain/messages.ts';
import { LOGIN_LABEL_META } from '../../../domain/loginLabel.ts';

/** The sign-in button's text: OIDC_LOGIN_LABEL as the served page carries it (domain/loginLabel.ts), else «Accedi». */
export function loginLabel(page: Pick<Document, 'querySelector'> = document): string {
  const given = page.querySelector<HTMLMetaElement>(`meta[name="${LOGIN_LABEL_META}"]`)?.content.trim();
  return given ? given : messages.welcome.login;
}
