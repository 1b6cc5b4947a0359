import { fromPromise } from 'xstate';
import { integrationMessages } from '../../domain/messages/integration.ts';
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
  return typeof reason === 'string' && reason !== '' ? `${integrationMessages.failed} ${reason}` : integrationMessages.failed;
}
