import { focusManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, JUST_LOADED_MS, refetchUnlessJustLoaded } from '../../src/api/queryClient.ts';

/** A query as a route's loader and then its screen read it: the screen's observer mounts after the loader's read. */
function organisationQuery() {
  let answered = 0;
  return {
    reads: () => answered,
    options: { queryKey: ['organization', 'x'] as const, queryFn: async () => ({ answer: ++answered }) },
  };
}

/** Mounts an observer (a component's useQuery) and waits for what it asks to settle. */
async function mount(client: ReturnType<typeof createQueryClient>, options: ReturnType<typeof organisationQuery>['options']) {
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await client.getQueryCache().find({ queryKey: options.queryKey })?.promise;
  return unsubscribe;
}

describe('the portal query cache', () => {
  it('a screen mounting right after its loader read the data does not ask for it again', async () => {
    const client = createQueryClient();
    const query = organisationQuery();
    await client.ensureQueryData(query.options);
    const unmount = await mount(client, query.options);
    expect(query.reads()).toBe(1);
    unmount();
  });

  it('a screen mounting after the data was invalidated (a save) asks again', async () => {
    const client = createQueryClient();
    const query = organisationQuery();
    await client.ensureQueryData(query.options);
    await client.invalidateQueries({ queryKey: ['organization'], refetchType: 'none' });
    const unmount = await mount(client, query.options);
    expect(query.reads()).toBe(2);
    expect(client.getQueryData(query.options.queryKey)).toEqual({ answer: 2 });
    unmount();
  });

  it('data read longer ago than a moment is asked again on mount', () => {
    const client = createQueryClient();
    client.setQueryData(['organization', 'x'], { answer: 1 });
    const query = client.getQueryCache().find({ queryKey: ['organization', 'x'] })!;
    const readAt = query.state.dataUpdatedAt;
    expect(refetchUnlessJustLoaded(query, readAt + JUST_LOADED_MS - 1)).toBe(false);
    expect(refetchUnlessJustLoaded(query, readAt + JUST_LOADED_MS)).toBe(true);
  });

  it('coming back to the window asks again at once, as before: nothing is kept fresh', async () => {
    const client = createQueryClient();
    client.mount();
    const query = organisationQuery();
    await client.ensureQueryData(query.options);
    const unmount = await mount(client, query.options);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await client.getQueryCache().find({ queryKey: query.options.queryKey })?.promise;
    expect(query.reads()).toBe(2);
    unmount();
    focusManager.setFocused(undefined);
    client.unmount();
  });
});
