import { Outlet, createRootRouteWithContext, useRouter } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import type { RouterContext } from '../routerContext.ts';
import { SkipLink } from '../ui/PageLayout.tsx';
import { SiteFooter } from '../ui/SiteFooter.tsx';
import { NotFoundPage } from './-components/NotFoundPage.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const router = useRouter();
  return (
    // react-aria links and menu items with `href` navigate through the router instead of reloading.
    <AriaRouterProvider navigate={(href) => void router.navigate({ href })} useHref={(href) => href}>
      <SkipLink />
      <Outlet />
      <SiteFooter />
    </AriaRouterProvider>
  );
}
