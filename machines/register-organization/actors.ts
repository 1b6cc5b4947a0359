import { fromPromise } from 'xstate';
import { messages } from '../../domain/messages.ts';
import type { CreateOrganizationInput } from '../../domain/organization.ts';
import type { FieldMessage } from '../../domain/validation.ts';
import type { RegisterOrganizationActorInputs, RegisterOrganizationActorOutputs, RegistrationFailure } from './types.ts';

/** The calls the machine needs; they reject with something carrying `status`, `message` and maybe `issues`. */
export interface RegisterOrganizationApi {
  createOrganization(payload: CreateOrganizationInput): Promise<{ orgId: string }>;
  /** Makes the new organisation the selected one and reloads the person (header, guards, home). */
  refreshUser(orgId: string): Promise<void>;
}

function isFieldMessage(value: unknown): value is FieldMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldMessage).field === 'string' &&
    typeof (value as FieldMessage).message === 'string'
  );
}

export function toRegistrationFailure(error: unknown): RegistrationFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message } = error;
    const issues = 'issues' in error && Array.isArray(error.issues) ? error.issues.filter(isFieldMessage) : [];
    if ((typeof status === 'number' || status === null) && typeof message === 'string' && message !== '') {
      return { status, message, issues };
    }
  }
  return { status: null, message: messages.generic.serverError, issues: [] };
}

export function createRegisterOrganizationActors(api: RegisterOrganizationApi) {
  return {
    createOrganization: fromPromise<
      RegisterOrganizationActorOutputs['createOrganization'],
      RegisterOrganizationActorInputs['createOrganization']
    >(async ({ input }) => {
      try {
        return await api.createOrganization(input.payload);
      } catch (error) {
        throw toRegistrationFailure(error);
      }
    }),
    refreshUser: fromPromise<RegisterOrganizationActorOutputs['refreshUser'], RegisterOrganizationActorInputs['refreshUser']>(({ input }) =>
      api.refreshUser(input.orgId),
    ),
  };
}
