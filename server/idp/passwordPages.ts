import { accountPageMessages } from '../../domain/messages/accountPage.ts';
import { passwordMessages as m } from '../../domain/messages/password.ts';
import { escapeHtml, field, layout } from './pages.ts';
import type { ResetLinkState } from './passwordResets.ts';

/**
 * The provider's "Password dimenticata?" pages (server/idp/passwordRoutes.ts), in the same layout, styles and
 * accessibility as the login page: labelled fields, errors tied to them and announced.
 */

const alert = (text: string | undefined) => (text ? `<div class="error" role="alert">${escapeHtml(text)}</div>` : '');

export function forgotPasswordPage(input: {
  action: string;
  /** The login interaction the person came from, kept so the next page can lead back to it. */
  interaction?: string;
  loginHref?: string;
  email?: string;
  emailError?: string;
  error?: string;
}) {
  return layout(
    m.forgotTitle,
    `<h1>${escapeHtml(m.forgotTitle)}</h1>
${alert(input.error)}
<p>${escapeHtml(m.forgotIntro)}</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${input.interaction ? `<input type="hidden" name="interaction" value="${escapeHtml(input.interaction)}">` : ''}
${field({ name: 'email', label: accountPageMessages.email, type: 'email', value: input.email, autocomplete: 'email', error: input.emailError })}
<button type="submit">${escapeHtml(m.forgotSubmit)}</button>
</form>
${input.loginHref ? `<p class="alt"><a href="${escapeHtml(input.loginHref)}">${escapeHtml(m.backToLogin)}</a></p>` : ''}`,
  );
}

/** The same page for every address: whether it has an account is not said here. */
export function resetLinkSentPage(input: { loginHref?: string }) {
  return layout(
    m.sentTitle,
    `<h1>${escapeHtml(m.sentTitle)}</h1>
<p role="status">${escapeHtml(m.sentMessage)}</p>
${input.loginHref ? `<p><a href="${escapeHtml(input.loginHref)}">${escapeHtml(m.backToLogin)}</a></p>` : ''}`,
  );
}

export function newPasswordPage(input: { action: string; token: string; passwordError?: string; confirmError?: string; error?: string }) {
  return layout(
    m.resetTitle,
    `<h1>${escapeHtml(m.resetTitle)}</h1>
${alert(input.error ?? (input.passwordError || input.confirmError ? m.resetFormErrors : undefined))}
<p>${escapeHtml(m.resetIntro)}</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
${field({ name: 'password', label: m.newPassword, type: 'password', autocomplete: 'new-password', error: input.passwordError, hint: m.hint })}
${field({ name: 'passwordConfirm', label: m.confirmNewPassword, type: 'password', autocomplete: 'new-password', error: input.confirmError })}
<button type="submit">${escapeHtml(m.resetSubmit)}</button>
</form>`,
  );
}

const unusable: Record<Exclude<ResetLinkState, 'live'>, { title: string; message: string }> = {
  expired: { title: m.linkExpiredTitle, message: m.linkExpired },
  used: { title: m.linkUsedTitle, message: m.linkUsed },
  unknown: { title: m.linkInvalidTitle, message: m.linkInvalid },
};

/** An expired, used or unknown link says which, and offers to send a new one. */
export function unusableLinkPage(state: Exclude<ResetLinkState, 'live'>, forgotHref: string) {
  const { title, message } = unusable[state];
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(forgotHref)}">${escapeHtml(m.requestNewLink)}</a></p>`,
  );
}

export function passwordResetDonePage(signInHref: string) {
  return layout(
    m.resetDoneTitle,
    `<h1>${escapeHtml(m.resetDoneTitle)}</h1>
<p role="status">${escapeHtml(m.resetDoneMessage)}</p>
<p><a href="${escapeHtml(signInHref)}">${escapeHtml(m.signIn)}</a></p>`,
  );
}
