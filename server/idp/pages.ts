import { messages } from '../../domain/messages.ts';
import { accountPageMessages } from '../../domain/messages/accountPage.ts';
import { footerMessages } from '../../domain/messages/footer.ts';
import { identityProviderMessages as m } from '../../domain/messages/identityProvider.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import { fiscalCodeMessages } from '../../domain/messages/fiscalCode.ts';
import { EMAIL_VERIFIED_CHANNEL } from '../../domain/verificationChannel.ts';

/**
 * The embedded identity provider's own pages: plain server-rendered HTML, in Italian, styled like the portal
 * (Titillium Web, #0066CC) and accessible (labels, focus, errors announced). Nothing inline: the stylesheet
 * and the logout page's one script are files under /idp-assets/, so the strict Content-Security-Policy
 * (server/http/securityHeaders.ts) holds on these pages too.
 */

import { passwordMessages } from '../../domain/messages/password.ts';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Served as /idp-assets/idp.css. */
export const IDP_STYLESHEET = `@font-face{font-family:'Titillium Web';font-weight:400;font-display:swap;src:url('/idp-assets/titillium-web-latin-400-normal.woff2') format('woff2')}
@font-face{font-family:'Titillium Web';font-weight:600;font-display:swap;src:url('/idp-assets/titillium-web-latin-600-normal.woff2') format('woff2')}
*{box-sizing:border-box}
body{margin:0;font-family:'Titillium Web',system-ui,sans-serif;color:#1a1a1a;background:#f2f7fc;line-height:1.5}
header{background:#0066cc;color:#fff;padding:1rem 1.5rem}
header p{margin:0;font-size:1.25rem;font-weight:600}
main{max-width:28rem;margin:2.5rem auto;padding:2rem;background:#fff;border-radius:4px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin-top:0;font-size:1.75rem;color:#17324d}
label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;padding:.6rem .75rem;margin-top:.25rem;font:inherit;border:1px solid #5c6f82;border-radius:4px}
input[aria-invalid=true]{border-color:#d9364f}
:focus-visible{outline:3px solid #ff9900;outline-offset:2px}
button{margin-top:1.5rem;width:100%;padding:.75rem;font:inherit;font-weight:600;color:#fff;background:#0066cc;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#004d99}
.error{color:#a6182e;background:#fbe9ec;border-left:4px solid #d9364f;padding:.75rem 1rem;margin:1rem 0}
.field-error{color:#a6182e;font-size:.9rem;margin:.25rem 0 0}
.hint{color:#5c6f82;font-size:.9rem;margin:.25rem 0 0}
a{color:#0066cc}
.alt{margin-top:1.5rem;text-align:center}
.consent{display:flex;gap:.75rem;align-items:flex-start;margin-top:1.25rem}
.consent input{width:1.25rem;height:1.25rem;margin:.2rem 0 0;flex:none}
.consent label{margin-top:0;font-weight:400}
footer{max-width:28rem;margin:0 auto 2rem;padding:0 2rem;text-align:center;font-size:.95rem}
footer ul{list-style:none;margin:0;padding:0;display:flex;gap:1.5rem;justify-content:center;flex-wrap:wrap}
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(messages.layout.platformName)}</title>
<link rel="preload" as="font" type="font/woff2" href="/idp-assets/titillium-web-latin-400-normal.woff2" crossorigin>
<link rel="preload" as="font" type="font/woff2" href="/idp-assets/titillium-web-latin-600-normal.woff2" crossorigin>
<link rel="stylesheet" href="/idp-assets/idp.css">
</head>
<body>
<header><p>${escapeHtml(messages.layout.platformName)}</p></header>
<main>
${body}
</main>
<footer>
<nav aria-label="${escapeHtml(footerMessages.label)}">
<ul>
<li><a href="/privacy">${escapeHtml(footerMessages.privacy)}</a></li>
<li><a href="/accessibilita">${escapeHtml(footerMessages.accessibility)}</a></li>
</ul>
</nav>
</footer>
</body>
</html>`;
}

export interface FieldOptions {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  error?: string;
  hint?: string;
  /** A field the person may leave empty (its label says so). */
  optional?: boolean;
}

export function field({ name, label, type = 'text', value = '', autocomplete, error, hint, optional = false }: FieldOptions): string {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}"${optional ? '' : ' required'}${
    error ? ' aria-invalid="true"' : ''
  }${describedBy ? ` aria-describedby="${describedBy}"` : ''}>${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}${
    error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''
  }`;
}

export function loginPage(input: {
  action: string;
  registerHref: string;
  email?: string;
  error?: string;
  /** "Password dimenticata?" (server/idp/passwordPages.ts). */
  forgotHref?: string;
}): string {
  return layout(
    messages.welcome.login,
    `<h1>${escapeHtml(messages.welcome.login)}</h1>
${input.error ? `<div class="error" role="alert">${escapeHtml(input.error)}</div>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'email', label: accountPageMessages.email, type: 'email', value: input.email, autocomplete: 'username' })}
${field({ name: 'password', label: m.passwordLabel, type: 'password', autocomplete: 'current-password' })}
<button type="submit">${escapeHtml(messages.welcome.login)}</button>
</form>
${input.forgotHref ? `<p class="alt"><a href="${escapeHtml(input.forgotHref)}">${escapeHtml(passwordMessages.forgotLink)}</a></p>` : ''}
<p class="alt">${escapeHtml(m.noAccount)} <a href="${escapeHtml(input.registerHref)}">${escapeHtml(messages.welcome.register)}</a></p>`,
  );
}

export interface RegistrationValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  fiscalCode?: string;
}
export type RegistrationErrors = Partial<Record<'firstName' | 'lastName' | 'email' | 'fiscalCode' | 'password' | 'terms', string>>;

/** The consent checkbox: unticked on every new page, so acceptance is always the person's own act. */
function termsField(error: string | undefined): string {
  return `<div class="consent">
<input id="terms" name="terms" type="checkbox" value="accepted" required${error ? ' aria-invalid="true" aria-describedby="terms-error"' : ''}>
<label for="terms">${escapeHtml(verificationMessages.termsLabel)}</label>
</div>
<p class="hint"><a href="/privacy" target="_blank" rel="noopener">${escapeHtml(footerMessages.privacy)} ${escapeHtml(m.opensInNewWindow)}</a></p>${
    error ? `<p class="field-error" id="terms-error">${escapeHtml(error)}</p>` : ''
  }`;
}

export function registrationPage(input: {
  action: string;
  loginHref: string;
  values?: RegistrationValues;
  errors?: RegistrationErrors;
  /** A message about the whole form (too many attempts), instead of the fields' errors. */
  error?: string;
}): string {
  const { values = {}, errors = {} } = input;
  const hasErrors = Object.keys(errors).length > 0;
  const summary = input.error ?? (hasErrors ? m.registrationFormErrors : undefined);
  return layout(
    messages.welcome.register,
    `<h1>${escapeHtml(messages.welcome.register)}</h1>
${summary ? `<div class="error" role="alert">${escapeHtml(summary)}</div>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'firstName', label: accountPageMessages.firstName, value: values.firstName, autocomplete: 'given-name', error: errors.firstName })}
${field({ name: 'lastName', label: accountPageMessages.lastName, value: values.lastName, autocomplete: 'family-name', error: errors.lastName })}
${field({ name: 'email', label: accountPageMessages.email, type: 'email', value: values.email, autocomplete: 'email', error: errors.email })}
${field({
  name: 'fiscalCode',
  label: fiscalCodeMessages.optionalLabel,
  value: values.fiscalCode,
  autocomplete: 'off',
  error: errors.fiscalCode,
  hint: fiscalCodeMessages.registrationHint,
  optional: true,
})}
${field({
  name: 'password',
  label: m.passwordLabel,
  type: 'password',
  autocomplete: 'new-password',
  error: errors.password,
  hint: passwordMessages.hint,
})}
${termsField(errors.terms)}
<button type="submit">${escapeHtml(messages.welcome.register)}</button>
</form>
<p class="alt">${escapeHtml(m.haveAccount)} <a href="${escapeHtml(input.loginHref)}">${escapeHtml(messages.welcome.login)}</a></p>`,
  );
}

export function messagePage(input: { title: string; message: string; linkHref: string; linkText: string }): string {
  return layout(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
<p><a href="${escapeHtml(input.linkHref)}">${escapeHtml(input.linkText)}</a></p>`,
  );
}

/** Served as /idp-assets/email-verified.js. */
export const EMAIL_VERIFIED_SCRIPT = `if ('BroadcastChannel' in self) { var c = new BroadcastChannel('${EMAIL_VERIFIED_CHANNEL}'); c.postMessage('verified'); c.close(); }\n`;

/**
 * Served as /idp-assets/drop-token.js: a page opened from a mailed link takes the token out of the address bar
 * once the page holds it in its form, so neither the history, a bookmark nor a shared screenshot keeps it.
 */
export const DROP_TOKEN_SCRIPT = `if (location.search) history.replaceState(null, '', location.pathname);\n`;

/** A page whose address carries a mailed link's token: the script above removes it. */
export const withoutTokenInAddress = (page: string) =>
  page.replace('</body>', '<script src="/idp-assets/drop-token.js"></script>\n</body>');

/**
 * The page a verification link opens: a button, and only pressing it verifies the address. A mail scanner or
 * a preview that follows the link (GET, HEAD) confirms nothing the person did not confirm.
 */
export function confirmEmailPage(input: { action: string; token: string }): string {
  return withoutTokenInAddress(
    layout(
      verificationMessages.confirmTitle,
      `<h1>${escapeHtml(verificationMessages.confirmTitle)}</h1>
<p>${escapeHtml(verificationMessages.confirmIntro)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit">${escapeHtml(verificationMessages.confirmSubmit)}</button>
</form>`,
    ),
  );
}

/**
 * What every registration answers, whether the address was new or already had an account: the mail tells the
 * person which (the verification link, or "Password dimenticata?"). `loginHref` leads back to Accedi in the same
 * login interaction.
 */
export function registrationSentPage(input: { loginHref: string }): string {
  return layout(
    m.registrationSentTitle,
    `<h1>${escapeHtml(m.registrationSentTitle)}</h1>
<p role="status">${escapeHtml(m.registrationSentMessage)}</p>
<p>${escapeHtml(m.registrationSentNext)}</p>
<p class="alt"><a href="${escapeHtml(input.loginHref)}">${escapeHtml(messages.welcome.login)}</a></p>`,
  );
}

/** The page of an opened verification link: a message, and a word to the portal's open tabs. */
export function emailVerifiedPage(input: { title: string; message: string; linkHref: string; linkText: string }): string {
  return messagePage(input).replace('</body>', '<script src="/idp-assets/email-verified.js"></script>\n</body>');
}

/** Served as /idp-assets/logout.js: submits the logout form as soon as the page has it. */
export const LOGOUT_SCRIPT = 'document.forms[0].submit();\n';

/** The provider's logout confirmation: we ask nothing more, the person already chose Esci in the portal. */
export function logoutPage(form: string): string {
  const confirm = form.replace(
    '</form>',
    `<input type="hidden" name="logout" value="yes"><noscript><button type="submit">${escapeHtml(messages.menu.logout)}</button></noscript></form>`,
  );
  return layout(m.loggingOutTitle, `<h1>${escapeHtml(m.loggingOut)}</h1>${confirm}<script src="/idp-assets/logout.js"></script>`);
}
