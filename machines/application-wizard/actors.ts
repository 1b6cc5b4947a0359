import { fromPromise } from 'xstate';
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
  message: string | null;
  issues: unknown[];
}

function factsOf(error: unknown): ErrorFacts {
  if (typeof error !== 'object' || error === null) return { status: null, message: null, issues: [] };
  const { status, message, issues } = error as { status?: unknown; message?: unknown; issues?: unknown };
  return {
    status: typeof status === 'number' ? status : null,
    message: typeof message === 'string' && message !== '' ? message : null,
    issues: Array.isArray(issues) ? issues : [],
  };
}

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

/** 422 → incomplete, with the fields the server named (step '' when it did not say which); no answer → network. */
export function toSubmitFailure(error: unknown): SubmitApplicationFailure {
  if (isKind(error, ['incomplete'] as const)) {
    const { issues } = factsOf(error);
    return { kind: 'incomplete', message: error.message, issues: issues.map(toFieldIssue).filter((issue) => issue !== null) };
  }
  if (isKind(error, ['network', 'other'] as const)) return { kind: error.kind, message: error.message };
  const { status, issues } = factsOf(error);
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
      try {
        await api.submitApplication(input);
      } catch (error) {
        throw toSubmitFailure(error);
      }
    }),
  };
}
