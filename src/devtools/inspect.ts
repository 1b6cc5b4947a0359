import type { InspectionEvent } from 'xstate';

/**
 * The `inspect` option of every actor the client starts (`createActor(logic, { inspect })`,
 * `useActorRef(logic, { inspect })`). In a development build (`npm run dev`) with `?inspect` in the URL it sends
 * every actor's events and snapshots to Stately's inspector, which opens in a new window (allow pop-ups for the
 * portal). Otherwise it is `undefined`; in a production build `import.meta.env.DEV` is false, so the bundler drops
 * the inspector and nothing of it ships (tests/e2e/inspector-bundle.test.ts checks the build).
 */
export const inspect: ((event: InspectionEvent) => void) | undefined =
  import.meta.env.DEV && typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect')
    ? inspectorOfThisPage()
    : undefined;

/** Actors start before the inspector has loaded (the session starts with the page): their first events wait. */
function inspectorOfThisPage(): (event: InspectionEvent) => void {
  const waiting: InspectionEvent[] = [];
  let send: ((event: InspectionEvent) => void) | null = null;
  if (import.meta.env.DEV) {
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector();
      send = (event) => inspector.inspect.next?.(event);
      for (const event of waiting.splice(0)) send(event);
    });
  }
  return (event) => {
    if (send) send(event);
    else waiting.push(event);
  };
}
