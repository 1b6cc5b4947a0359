import { fromPromise } from 'xstate';
import type { ApiErrorCode } from '../../domain/errors.ts';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import type { ApplicationWizardActorInputs, ApplicationWizardActorOutputs, SubmitApplicationFailure } from './types.ts';

/**
 * The calls the wizard needs. They reject with what the API client throws (src/api/errors.ts
 * ApiRequestError: `status` null when no answer came, an Italian `message`, field `issues`).
 */
export interface ApplicationWizardApi {
  loadApplication(
    input: ApplicationWizardActorInputs['loadApplication'],
    signal: AbortSignal,
  ): Promise<ApplicationWizardActorOutputs['loadApplication']>;
  submitApplication(input: ApplicationWizardActorInputs['submitApplication']): Promise<void>;
}

interface ErrorFacts {
  status: number | null;
  code: string | null;
  message: string | null;
  issues: unknown[];
  retryAfter: number | null;
}

function factsOf(error: unknown): ErrorFacts {
  if (typeof error !== 'object' || error === null) return { status: null, code: null, message: null, issues: [], retryAfter: null };
  const { status, code, message, issues, cause } = error as Record<string, unknown>;
  return {
    status: typeof status === 'number' ? status : null,
    code: typeof code === 'string' ? code : null,
    message: typeof message === 'string' && message !== '' ? message : null,
    issues: Array.isArray(issues) ? issues : [],
    retryAfter: retryAfterOf(cause),
  };
}

/** The answer's Retry-After in seconds, from what the API client caught (ofetch's FetchError and its `response`). */
function retryAfterOf(cause: unknown): number | null {
  const headers = (cause as { response?: { headers?: { get?: unknown } } } | null | undefined)?.response?.headers;
  const value = typeof headers?.get === 'function' ? (headers as Headers).get('retry-after') : null;
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/** The hand-over gate's answer (server/applications/handOverGate.ts): 503 with this code and Retry-After. */
const QUEUED: ApiErrorCode = 'handover_queued';
/** Without a Retry-After, the next try goes after a second, as the gate's shortest wait. */
const DEFAULT_RETRY_AFTER_MS = 1000;

function isKind<K extends string>(error: unknown, kinds: readonly K[]): error is { kind: K; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { kind, message } = error as { kind?: unknown; message?: unknown };
  return typeof message === 'string' && kinds.includes(kind as K);
}

function toFieldIssue(value: unknown): FieldIssue | null {
  if (typeof value !== 'object' || value === null) return null;
  const { field, message, step } = value as { field?: unknown; message?: unknown; step?: unknown };
  if (typeof field !== 'string' || typeof message !== 'string') return null;
  return { field, message, step: typeof step === 'string' ? step : '' };
}

/**
 * 422 → incomplete, with the fields the server named (step '' when it did not say which); no answer → network;
 * the queue's 503 → queued, when the try's time `triedAt` is known (the actor's), otherwise an ordinary failure.
 */
export function toSubmitFailure(error: unknown, triedAt?: string): SubmitApplicationFailure {
  if (isKind(error, ['queued'] as const)) {
    const { triedAt: stored, retryAfterMs } = error as { triedAt?: unknown; retryAfterMs?: unknown };
    if (typeof stored === 'string' && typeof retryAfterMs === 'number')
      return { kind: 'queued', message: error.message, triedAt: stored, retryAfterMs };
  }
  if (isKind(error, ['incomplete'] as const)) {
    const { issues } = factsOf(error);
    return { kind: 'incomplete', message: error.message, issues: issues.map(toFieldIssue).filter((issue) => issue !== null) };
  }
  if (isKind(error, ['network', 'other'] as const)) return { kind: error.kind, message: error.message };
  const { status, code, message, issues, retryAfter } = factsOf(error);
  if (status === 503 && code === QUEUED && triedAt !== undefined) {
    return {
      kind: 'queued',
      message: message ?? wizardMessages.submitFailed,
      triedAt,
      retryAfterMs: retryAfter === null ? DEFAULT_RETRY_AFTER_MS : retryAfter * 1000,
    };
  }
  if (status === 422) {
    return {
      kind: 'incomplete',
      message: wizardMessages.submitIncomplete,
      issues: issues.map(toFieldIssue).filter((issue) => issue !== null),
    };
  }
  return { kind: status === null ? 'network' : 'other', message: wizardMessages.submitFailed };
}

export function createApplicationWizardActors(api: ApplicationWizardApi) {
  return {
    loadApplication: fromPromise<ApplicationWizardActorOutputs['loadApplication'], ApplicationWizardActorInputs['loadApplication']>(
      ({ input, signal }) => api.loadApplication(input, signal),
    ),
    submitApplication: fromPromise<void, ApplicationWizardActorInputs['submitApplication']>(async ({ input }) => {
      const triedAt = new Date().toISOString();
      try {
        await api.submitApplication(input);
      } catch (error) {
        throw toSubmitFailure(error, triedAt);
      }
    }),
  };
}
