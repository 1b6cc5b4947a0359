import { messages } from '../../domain/messages.ts';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import type { SaveFailure } from './types.ts';

function isSaveFailure(error: unknown): error is SaveFailure {
  if (typeof error !== 'object' || error === null) return false;
  const { kind, message } = error as { kind?: unknown; message?: unknown };
  return typeof message === 'string' && ['conflict', 'network', 'server', 'rejected'].includes(kind as string);
}

/**
 * A failed save as the sync treats it: 412 → conflict; no answer, 408, 429 → network; 5xx → server; any other
 * 4xx → rejected. Takes what the API client throws (`status` null when no answer came, an Italian `message`).
 */
export function toSaveFailure(error: unknown): SaveFailure {
  if (isSaveFailure(error)) return { kind: error.kind, message: error.message };
  const { status, message } = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; message?: unknown };
  const code = typeof status === 'number' ? status : null;
  const text = typeof message === 'string' && message !== '' ? message : null;
  if (code === 412) return { kind: 'conflict', message: wizardMessages.saveIndicator.conflict };
  if (code === null || code === 408 || code === 429) return { kind: 'network', message: wizardMessages.saveIndicator.retrying };
  if (code >= 500) return { kind: 'server', message: text ?? messages.generic.serverError };
  return { kind: 'rejected', message: text ?? wizardMessages.saveRejected };
}
