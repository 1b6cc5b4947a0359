import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AuthSnapshot } from '../../machines/auth/selectors.ts';
import type { AuthActor } from './session.ts';

/** The app-wide auth actor, created in main.tsx and carried by the router context. */
export function useAuthActor(): AuthActor {
  return useRouteContext({ from: '__root__', select: (context) => context.auth });
}

export function useAuthSelector<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector);
}
