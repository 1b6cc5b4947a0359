import { fromPromise } from 'xstate';
import type { ChangeStatusInput } from './types.ts';

/** The status change as the browser performs it: the request function is the API module's. */
export function createStatusChangeActors(changeStatus: (input: ChangeStatusInput) => Promise<void>) {
  return {
    changeStatus: fromPromise<void, ChangeStatusInput>(({ input }) => changeStatus(input)),
  };
}
