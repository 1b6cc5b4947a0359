import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser } from './browser.ts';
import {
  consoleErrorsOf,
  ROUTE_TABLE,
  settle,
  startTour,
  VIEWPORTS,
  type TourRole,
  type TourRoute,
  type ViewportName,
} from './routeTour.ts';

/**
 * The reflow checks of the route tour (tests/e2e/reflow.test.ts for visitors and applicants,
 * tests/e2e/reflow-admin.test.ts for admins: two files, so the end-to-end run spreads them over its workers).
 * WCAG 2.1 1.4.10 Reflow: at 320 and 390 px the document never scrolls sideways, and only an element marked
 * `data-scroll-region="table"` (a data table's own scroll region) may scroll inside. At 1280 px no form control
 * sticks out of its section. axe on every page at both a phone's and a desktop's width. Every page's footer links
 * the privacy notice and the accessibility statement.
 */

export type Tour = Awaited<ReturnType<typeof startTour>>;

/** The file's tour (the demo data, its people signed in, a browser), started before its tests and closed after. */
export function useTour(): () => Tour {
  let tour: Tour | undefined;
  beforeAll(async () => {
    tour = await startTour({ launch: launchBrowser });
  }, 300_000);
  afterAll(async () => {
    await tour?.close();
  });
  return () => {
    if (!tour) throw new Error('the tour has not started');
    return tour;
  };
}

/** What scrolls sideways: the document's overflow and the elements that stick out or scroll without being marked. */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const marked = (element: Element) => element.closest('[data-scroll-region="table"]') !== null;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const width = window.innerWidth;
    const stickingOut: string[] = [];
    const scrollingUnmarked: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (marked(element) || !element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 1 && box.right > width + 1) stickingOut.push(`${describe(element)} right edge at ${Math.round(box.right)}px`);
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        scrollingUnmarked.push(describe(element));
      }
    }
    return {
      documentScrolls: document.documentElement.scrollWidth > width,
      scrollWidth: document.documentElement.scrollWidth,
      width,
      stickingOut: stickingOut.slice(0, 8),
      scrollingUnmarked: scrollingUnmarked.slice(0, 8),
    };
  });
}

/** Form controls whose box passes the edge of the section (or form, fieldset, search, dialog, main) they sit in. */
function controlsOutsideTheirSection(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll('input, textarea, select, button, [role="group"], [role="combobox"], [role="searchbox"]');
    const outside: string[] = [];
    for (const control of controls) {
      // Hidden native inputs behind custom controls (react-aria's hidden select) are not boxes anyone sees.
      if (!control.checkVisibility() || control.closest('[aria-hidden="true"], [data-react-aria-prevent-focus]')) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden native inputs of custom controls
      const section = control.parentElement?.closest('section, fieldset, form, [role="search"], [role="dialog"], main');
      if (!section) continue;
      const frame = section.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
        outside.push(
          `${control.tagName.toLowerCase()} "${name}": ${Math.round(box.left)}–${Math.round(box.right)}px, its ${section.tagName.toLowerCase()} ${Math.round(frame.left)}–${Math.round(frame.right)}px`,
        );
      }
    }
    return outside;
  });
}

export const label = (route: TourRoute) =>
  `${route.role} ${route.name} (${route.path({ applicantOrganization: ':org', reviewedOrganization: ':org' })})`;

/**
 * One route, one page resized the way a person turns a phone or widens a window: no sideways scrolling at 320
 * and 390 px (axe at 390 px), and at 1280 px no form control outside its section (axe again); nothing in its
 * console reported an error (a missing script, an uncaught exception). Resizing rather
 * than reopening also checks that the page follows a change of width, as its CSS and its resize observers must.
 */
async function expectRouteFits(tour: Tour, route: TourRoute) {
  const page = await tour.open(route, 'narrow');
  try {
    // Every page links the privacy notice and the accessibility statement from its footer.
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Informazioni legali' });
    expect(await legal.getByRole('link', { name: 'Informativa sulla privacy' }).getAttribute('href')).toBe('/privacy');
    expect(await legal.getByRole('link', { name: 'Dichiarazione di accessibilità' }).getAttribute('href')).toBe('/accessibilita');
    for (const viewport of ['narrow', 'phone'] as const) {
      if (viewport !== 'narrow') await resize(page, viewport);
      const overflow = await horizontalOverflow(page);
      expect({ viewport, ...overflow }).toMatchObject({ viewport, documentScrolls: false, stickingOut: [], scrollingUnmarked: [] });
      if (viewport === 'phone') await expectAccessible(page);
    }
    await resize(page, 'desktop');
    expect(await controlsOutsideTheirSection(page)).toEqual([]);
    await expectAccessible(page);
    // Loaded from scratch, the page asked for nothing that is missing and threw nothing.
    expect(consoleErrorsOf(page)).toEqual([]);
  } finally {
    await page.close();
  }
}

async function resize(page: Page, viewport: ViewportName) {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await settle(page);
}

/** Every route of the tour opened by a person of `roles` fits at 320, 390 and 1280 px. */
export function describeEveryRouteFits(roles: readonly TourRole[], tour: () => Tour) {
  describe(`every route of ${roles.join(' and ')} at 320 and 390 px (WCAG 1.4.10 Reflow) and at 1280 px`, () => {
    const cases = (known: boolean) =>
      ROUTE_TABLE.filter((route) => roles.includes(route.role) && Boolean(route.knownReflowIssue) === known).map(
        (route) => [label(route), route] as const,
      );
    it.each(cases(false))('%s', async (_name, route) => expectRouteFits(tour(), route));
    // Known defects (routeTour.ts says which): expected to fail until fixed, then this flips and the flag goes.
    it.fails.each(cases(true))('%s (known issue, not fixed yet)', async (_name, route) => expectRouteFits(tour(), route));
  });
}
