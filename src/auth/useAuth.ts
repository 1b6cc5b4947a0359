import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { selectSessionView, type AuthSnapshot } from '../../machines/auth/selectors.ts';
import type { AuthActor } from './session.ts';

/** The app-wide auth actor, created in main.tsx and carried by the router context. */
export function useAuthActor(): AuthActor {
  return useRouteContext({ from: '__root__', select: (context) => context.auth });
}

export function useAuthSelector<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector);
}

/** The session as its views render it (`selectSessionView`): re-renders only when one of its values changes. */
export function useSessionView(): ReturnType<typeof selectSessionView> {
  return useSelector(useAuthActor(), selectSessionView, shallowEqual);
}
