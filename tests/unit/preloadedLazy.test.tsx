import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadedLazy } from '../../src/ui/preloadedLazy.tsx';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Buongiorno, {name}</p>;
}

/** A module that arrives when the test says so, and counts how often it was asked for. */
function deferredModule() {
  let arrive: () => void = () => undefined;
  let asked = 0;
  const load = () => {
    asked += 1;
    return new Promise<{ default: typeof Greeting }>((resolve) => {
      arrive = () => resolve({ default: Greeting });
    });
  };
  return { load, arrive: () => arrive(), asked: () => asked };
}

const page = (Component: typeof Greeting) => (
  <Suspense fallback={<p>Caricamento…</p>}>
    <Component name="Giulia" />
  </Suspense>
);

describe('a component loaded on demand and fetched ahead', () => {
  it('once fetched ahead, renders on its first render without the fallback', async () => {
    const module = deferredModule();
    const Lazy = preloadedLazy(module.load);
    const preloaded = Lazy.preload();
    module.arrive();
    await preloaded;
    render(page(Lazy));
    // Synchronously there: no fallback, no wait for React's reveal.
    expect(screen.getByText('Buongiorno, Giulia')).toBeTruthy();
    expect(screen.queryByText('Caricamento…')).toBeNull();
    expect(module.asked()).toBe(1);
  });

  it('not fetched yet, shows the fallback until the module arrives, asking for it once', async () => {
    const module = deferredModule();
    const Lazy = preloadedLazy(module.load);
    render(page(Lazy));
    expect(screen.getByText('Caricamento…')).toBeTruthy();
    void Lazy.preload();
    await act(async () => module.arrive());
    expect(await screen.findByText('Buongiorno, Giulia')).toBeTruthy();
    expect(module.asked()).toBe(1);
  });

  it('a module that failed to arrive is asked for again', async () => {
    let attempts = 0;
    const Lazy = preloadedLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('rete assente');
      return { default: Greeting };
    });
    await expect(Lazy.preload()).rejects.toThrow('rete assente');
    await Lazy.preload();
    render(page(Lazy));
    expect(screen.getByText('Buongiorno, Giulia')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
