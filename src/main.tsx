import '@fontsource/titillium-web/400.css';
import '@fontsource/titillium-web/600.css';
import '@fontsource/titillium-web/700.css';
import '../styles/global.css.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserSession } from './auth/browserSession.ts';
import { routeTree } from './routeTree.gen.ts';
import { PendingPage } from './routes/-components/PendingPage.tsx';

const queryClient = new QueryClient();

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

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
