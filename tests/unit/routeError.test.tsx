import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteError } from '../../src/routes/-components/RouteError.tsx';
import { loadQuery } from '../../src/routes/-components/ensureQuery.ts';

afterEach(cleanup);

/** A page whose loader fails on its first read and reads its text on the next. */
function pageFailingOnce() {
  let reads = 0;
  const text = queryOptions({
    queryKey: ['legal', 'privacy'],
    queryFn: () => {
      reads += 1;
      return reads === 1 ? Promise.reject(new Error('503')) : Promise.resolve('Informativa');
    },
    retry: false,
    staleTime: Infinity,
  });
  const queryClient = new QueryClient();
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: () => loadQuery(queryClient, text),
    errorComponent: (props) => <RouteError {...props} message="Non è stato possibile caricare il testo." />,
    component: function Page() {
      return <p>{useQuery(text).data}</p>;
    },
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory() });
  return { queryClient, router, reads: () => reads };
}

describe("a route's failed load", () => {
  it('shows the page’s message with one Riprova, which reads again and shows the page', async () => {
    const { queryClient, router, reads } = pageFailingOnce();
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Non è stato possibile caricare il testo.');
    expect(screen.getAllByRole('button', { name: 'Riprova' })).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Informativa')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads()).toBe(2);
  });
});
