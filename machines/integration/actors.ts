import { fromPromise } from 'xstate';
import { messages } from '../../domain/messages.ts';
import type { CompleteIntegrationInput } from './types.ts';

/** What the machine needs from the portal: the applicant's Integrazione Sottomessa. */
export interface IntegrationApi {
  completeIntegration(): Promise<void>;
}

export function createIntegrationActors(api: IntegrationApi) {
  return {
    completeIntegration: fromPromise<void, CompleteIntegrationInput>(() => api.completeIntegration()),
  };
}

/** The spec's failure text (§8), with the server's reason after it when it gave one. */
export function integrationFailureMessage(error: unknown): string {
  const reason = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof reason === 'string' && reason !== '' ? `${messages.integration.failed} ${reason}` : messages.integration.failed;
}
