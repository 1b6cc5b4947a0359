import { createMemoryHistory, createRouter, isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { FUND_REGISTRY } from '../../domain/funds.ts';
import { fundCardActions } from '../../src/features/funds/fundCardActions.ts';
import { routeTree } from '../../src/routeTree.gen.ts';
import type { RouterContext } from '../../src/routerContext.ts';

/*
 * The browser's routes as the spec's addresses reach them (spec §2), against the route tree the build generates:
 * each fund of the table of funds has its application, review and admin pages through one route file each, their
 * path params are parsed once at the route (a fund or an organisation id that names nothing is not found), and the
 * links the portal builds to them are the spec's addresses.
 */

// Matching and building addresses run no beforeLoad or loader: the context's services are never reached.
const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as RouterContext });

const ORG = '2f1d6f0c-5a0e-4d3b-9d55-0b6c1b7a9e21';
const FUNDS = Object.values(FUND_REGISTRY);

/** The route an address shows, with its parsed params, or how it fails (its params not found). */
function resolve(pathname: string) {
  const leaf = router.matchRoutes(pathname, {}).at(-1)!;
  return { routeId: leaf.routeId, params: leaf.params as Record<string, string>, notFound: isNotFound(leaf.paramsError) };
}

/** The address the router builds for a link (typed loosely: this router is not the app's registered one). */
function href(options: { to: string; params?: Record<string, string>; search?: Record<string, unknown> }) {
  return router.buildLocation(options as never).href;
}

describe.each(FUNDS)('the pages of $fund', ({ fund, slug }) => {
  it.each([
    [`/survey/${fund}_candidatura`, '/_authenticated/_applicant/survey/{$fund}_candidatura', { fund }],
    [`/survey/${fund}_istruttoria/${ORG}`, '/_authenticated/survey/{$fund}_istruttoria/$organizationId', { fund, organizationId: ORG }],
    [
      `/admin-organization/${fund}_istruttoria/${ORG}`,
      '/_authenticated/_admin/admin-organization/{$fund}_istruttoria/$organizationId',
      { fund, organizationId: ORG },
    ],
    [
      `/admin-organization/survey-${slug}/${ORG}`,
      '/_authenticated/_admin/admin-organization/survey-{$fund}/$organizationId',
      { fund, organizationId: ORG },
    ],
  ])('%s', (pathname, routeId, params) => {
    expect(resolve(pathname)).toEqual({ routeId, params, notFound: false });
  });

  it('has its addresses built from the fund', () => {
    expect(href({ to: '/survey/{$fund}_candidatura', params: { fund } })).toBe(`/survey/${fund}_candidatura`);
    expect(href({ to: '/survey/{$fund}_istruttoria/$organizationId', params: { fund, organizationId: ORG } })).toBe(
      `/survey/${fund}_istruttoria/${ORG}`,
    );
    expect(href({ to: '/admin-organization/{$fund}_istruttoria/$organizationId', params: { fund, organizationId: ORG } })).toBe(
      `/admin-organization/${fund}_istruttoria/${ORG}`,
    );
    expect(href({ to: '/admin-organization/survey-{$fund}/$organizationId', params: { fund, organizationId: ORG } })).toBe(
      `/admin-organization/survey-${slug}/${ORG}`,
    );
  });

  it('is what the applicant card’s buttons open', () => {
    const [application, review, monitoring] = fundCardActions(fund, 'MONITORAGGIO_APERTO', ORG);
    expect([application, review, monitoring].map((action) => href(action!.target))).toEqual([
      `/survey/${fund}_candidatura?isReadOnly=true`,
      `/survey/${fund}_istruttoria/${ORG}?isReadOnly=true`,
      `/survey/${fund}_istruttoria/${ORG}?monitoraggio=true`,
    ]);
    expect(href(fundCardActions(fund, 'IN_INTEGRAZIONE', ORG)[0]!.target)).toBe(`/survey/${fund}_candidatura?numberStep=4`);
  });
});

describe('a path that names nothing is not found', () => {
  it.each([
    '/survey/XYZ_candidatura',
    `/survey/XYZ_istruttoria/${ORG}`,
    `/admin-organization/XYZ_istruttoria/${ORG}`,
    `/admin-organization/survey-xyz/${ORG}`,
  ])('an unknown fund: %s', (pathname) => {
    expect(resolve(pathname).notFound).toBe(true);
  });

  it.each([
    '/survey/TUR_istruttoria/42',
    '/admin-organization/PUI_istruttoria/not-a-uuid',
    '/admin-organization/survey-tur/42',
    '/admin-organization/42',
    '/your-organization/42',
  ])('an organisation id that is not a UUID: %s', (pathname) => {
    expect(resolve(pathname).notFound).toBe(true);
  });

  it('an organisation id that is one is found', () => {
    expect(resolve(`/your-organization/${ORG}`)).toEqual({
      routeId: '/_authenticated/your-organization/$organizationId',
      params: { organizationId: ORG },
      notFound: false,
    });
    expect(resolve(`/admin-organization/${ORG}`).notFound).toBe(false);
  });
});

describe('the applicant guard', () => {
  it('is one pathless layout above the selected organisation’s pages, whose addresses it leaves as they are', () => {
    for (const pathname of ['/calls', '/monitoraggio', '/survey/TUR_candidatura']) {
      const ids = router.matchRoutes(pathname, {}).map((match) => match.routeId);
      expect(ids.slice(0, 3)).toEqual(['__root__', '/_authenticated', '/_authenticated/_applicant']);
    }
  });
});
