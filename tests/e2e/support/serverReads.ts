import type { BrowserContext, Page } from 'playwright-core';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { fundEntry } from '../../../domain/funds.ts';
import type { ReceiptSummary } from '../../../domain/receipts.ts';

/** The access token the portal keeps in its `token` cookie for the person signed in in `context`. */
async function accessToken(context: BrowserContext, url: string): Promise<string> {
  const cookie = (await context.cookies(url)).find((candidate) => candidate.name === 'token');
  if (!cookie) throw new Error('no session in this browser context');
  return decodeURIComponent(cookie.value);
}

/**
 * The draft the server stored for the organisation's application, as the wizard reads it back
 * (GET /api/DraftCompilazione/GetTurDraft | GetPuiDraft, with the session of the person in `context`): its values.
 */
export async function storedDraftValues(context: BrowserContext, url: string, fund: Fund, organizationId: string) {
  const response = await fetch(`${url}/api/DraftCompilazione/Get${fundEntry(fund).controller}Draft?orgId=${organizationId}`, {
    headers: { authorization: `Bearer ${await accessToken(context, url)}` },
  });
  if (response.status !== 200) throw new Error(`Get${fundEntry(fund).controller}Draft answered ${response.status}`);
  return JSON.parse(((await response.json()) as { json: string }).json) as Record<string, unknown> & {
    turSurveyDto?: Record<string, unknown>;
    puiSurveyDto?: Record<string, unknown>;
  };
}

/**
 * The receipts the server stored for the organisation's application (GET …/Get{Tur|Pui}Compilazione, with the
 * session of the person in `context`): protocol numbers, what and when, oldest first.
 */
export async function storedReceipts(context: BrowserContext, url: string, fund: Fund, organizationId: string) {
  const { controller } = fundEntry(fund);
  const response = await fetch(`${url}/api/${controller}/Get${controller}Compilazione?orgId=${organizationId}`, {
    headers: { authorization: `Bearer ${await accessToken(context, url)}` },
  });
  if (response.status !== 200) throw new Error(`Get${controller}Compilazione answered ${response.status}`);
  return ((await response.json()) as { receipts: ReceiptSummary[] }).receipts;
}

/**
 * Every /api request the page sends, as URLs, from now on. `badIdRequests` picks those whose id parameter is
 * not an id: empty, NaN, undefined, null or 0 (a lookup asked before the choice it depends on was made).
 */
export function recordApiRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) urls.push(request.url());
  });
  return urls;
}

/** PUI's general objectives are numbered from 0 (0 = Ambiente, spec §3): the one id parameter where 0 is a choice. */
const ZERO_IS_AN_ID = new Set(['obbGeneraleId']);

export function badIdRequests(urls: readonly string[]): string[] {
  return urls.filter((url) =>
    [...new URL(url).searchParams].some(
      ([name, value]) =>
        /id$/i.test(name) && (['', 'NaN', 'undefined', 'null'].includes(value) || (value === '0' && !ZERO_IS_AN_ID.has(name))),
    ),
  );
}

/** How long a test waits for the autosave (1.5 s after the last key, then the save): long enough for a busy machine. */
export const SAVED = { timeout: 15_000, interval: 250 };

/** A figure as typed, as the box shows it once left, and as stored: [label, typed, shown, field, stored]. */
export type Figure = readonly [label: string, typed: string, shown: string, field: string, value: number];
