import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createQueryClient } from './api/queryClient.ts';
import { createBrowserSession } from './auth/browserSession.ts';
import { routeTree } from './routeTree.gen.ts';
import { PendingPage } from './routes/-components/PendingPage.tsx';

const queryClient = createQueryClient();

const { api, auth, transfers } = createBrowserSession({
  queryClient,
  // Spec §8: a 401 that cannot be recovered sends the person to /; they come back here after login.
  onSessionExpired: () => void router.navigate({ to: '/', search: { redirect: router.state.location.href } }),
});

const router = createRouter({
  routeTree,
  context: { queryClient, auth, api, transfers },
  defaultPendingComponent: PendingPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** The whole portal: the session (auth machine, API client), the router and every route. */
export function renderApp(root: Root) {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
