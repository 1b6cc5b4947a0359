import { focusManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, JUST_LOADED_MS, refetchUnlessJustLoaded } from '../../src/api/queryClient.ts';
import { ensureQuery } from '../../src/routes/-components/ensureQuery.ts';

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

describe("a route's loader (ensureQuery)", () => {
  it('uses what the cache holds, without asking the server again', async () => {
    const client = createQueryClient();
    const query = organisationQuery();
    await ensureQuery(client, query.options);
    await expect(ensureQuery(client, query.options)).resolves.toEqual({ answer: 1 });
    expect(query.reads()).toBe(1);
  });

  it('reads again what was invalidated since (a hand-over, a save), so the screen opens on what is true now', async () => {
    const client = createQueryClient();
    const query = organisationQuery();
    await ensureQuery(client, query.options);
    await client.invalidateQueries({ queryKey: ['organization'], refetchType: 'none' });
    await expect(ensureQuery(client, query.options)).resolves.toEqual({ answer: 2 });
    expect(query.reads()).toBe(2);
  });

  it('answers undefined when the read fails, and leaves the failure to the screen', async () => {
    const client = createQueryClient();
    const options = { queryKey: ['organization', 'y'] as const, queryFn: () => Promise.reject(new Error('offline')), retry: false };
    await expect(ensureQuery(client, options)).resolves.toBeUndefined();
    expect(client.getQueryState(options.queryKey)?.status).toBe('error');
  });
});
