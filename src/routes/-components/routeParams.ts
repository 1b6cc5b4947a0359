import { notFound } from '@tanstack/react-router';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { FUND_REGISTRY } from '../../../domain/funds.ts';
import { UUID_PATTERN } from '../../../domain/uuid.ts';

/*
 * The path params of the spec's routes, parsed once at the route (`params: { parse, stringify }`): a value that
 * names nothing is the page not found, before any beforeLoad, loader or request. In the route tree (every page's
 * first load): no zod, only the UUID pattern and the table of funds.
 */

const ENTRIES = Object.values(FUND_REGISTRY);

/** `$organizationId`: a canonical UUID (anything else would be refused by the database). */
function organizationIdOf(raw: string): string {
  if (!UUID_PATTERN.test(raw)) throw notFound();
  return raw;
}

/**
 * The fund a path names by its code ('TUR', /survey/TUR_candidatura) or its slug ('tur',
 * /admin-organization/survey-tur/…), in any case as the path's fixed text is matched; an unknown fund is not found.
 */
function fundNamed(raw: string, by: 'fund' | 'slug'): Fund {
  const name = raw.toLowerCase();
  const entry = ENTRIES.find((candidate) => candidate[by].toLowerCase() === name);
  if (entry === undefined) throw notFound();
  return entry.fund;
}

/** `/…/$organizationId`. */
export const organizationParams = {
  parse: (raw: { organizationId: string }) => ({ organizationId: organizationIdOf(raw.organizationId) }),
  stringify: (params: { organizationId: string }) => ({ organizationId: params.organizationId }),
};

/** `/survey/{$fund}_candidatura`: the fund by its code. */
export const fundParams = {
  parse: (raw: { fund: string }) => ({ fund: fundNamed(raw.fund, 'fund') }),
  stringify: (params: { fund: Fund }) => ({ fund: params.fund }),
};

/** `/…/{$fund}_istruttoria/$organizationId`: the fund by its code, and the organisation. */
export const fundOrganizationParams = {
  parse: (raw: { fund: string; organizationId: string }) => ({
    fund: fundNamed(raw.fund, 'fund'),
    organizationId: organizationIdOf(raw.organizationId),
  }),
  stringify: (params: { fund: Fund; organizationId: string }) => ({ fund: params.fund, organizationId: params.organizationId }),
};

/** `/admin-organization/survey-{$fund}/$organizationId`: the fund by its slug ('tur'), and the organisation. */
export const fundSlugOrganizationParams = {
  parse: (raw: { fund: string; organizationId: string }) => ({
    fund: fundNamed(raw.fund, 'slug'),
    organizationId: organizationIdOf(raw.organizationId),
  }),
  stringify: (params: { fund: Fund; organizationId: string }) => ({
    fund: FUND_REGISTRY[params.fund].slug,
    organizationId: params.organizationId,
  }),
};
