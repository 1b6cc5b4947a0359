import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { buttonsTouching } from './support/targets.ts';

/**
 * The check that no two buttons touch (tests/e2e/support/targets.ts), which `expectAccessible` runs on every page
 * and state the end-to-end tests visit, is itself checked here, on pages built for it: a check that finds nothing
 * must be able to find something.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function touchingIn(html: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  try {
    await page.setContent(`<main>${html}</main>`);
    return await buttonsTouching(page);
  } finally {
    await page.close();
  }
}

describe('buttons apart (the route tour’s check)', () => {
  it('finds buttons side by side or stacked with less than 4 px between them, links drawn as buttons included', async () => {
    expect(await touchingIn('<div style="display:flex"><button>Annulla</button><button>Conferma</button></div>')).toEqual([
      '"Annulla" and "Conferma"',
    ]);
    expect(
      await touchingIn(
        '<button style="display:block">Scarica</button><a href="/x" style="display:block;background:#06c">Torna ai fondi</a>',
      ),
    ).toEqual(['"Scarica" and "Torna ai fondi"']);
  });

  it('leaves alone buttons with room between them, plain links, and the parts of one composite control', async () => {
    expect(await touchingIn('<div style="display:flex;gap:8px"><button>Annulla</button><button>Conferma</button></div>')).toEqual([]);
    expect(await touchingIn('<p><button>Modifica</button><a href="/x">Privacy</a></p>')).toEqual([]);
    // A notification drawn over a button: the covered one cannot be pressed, so nothing touches.
    expect(
      await touchingIn(
        '<button style="position:absolute;top:10px;left:10px">Scarica Excel</button><div style="position:fixed;top:0;left:0;width:300px;background:#fff"><button>Chiudi</button></div>',
      ),
    ).toEqual([]);
    expect(
      await touchingIn(
        '<div role="group" style="display:flex"><input aria-label="Comune"><button aria-label="Mostra le opzioni">▾</button><button>Cancella</button></div>',
      ),
    ).toEqual([]);
  });
});
