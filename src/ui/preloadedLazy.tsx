import { lazy, useState, type ComponentType, type JSX } from 'react';

/**
 * A component whose code loads on demand, as React.lazy's, that can be fetched ahead (`preload`, e.g. by a route's
 * loader) and then renders at once. React.lazy suspends on its first render even when its module has arrived: the
 * Suspense fallback shows and React holds the content back for its reveal throttle (about 300 ms), on top of the
 * time the module took. Each mount settles on one of the two for its life, so a screen never remounts (losing what
 * it holds) because the module arrived meanwhile.
 */
export function preloadedLazy<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later render or preload asks again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function PreloadedLazy(props: Props): JSX.Element {
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadedLazy, { preload });
}
