import { parseDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_LIST_SORTS } from '../../domain/adminListSorts.ts';
import { APPLICATION_STATUS_CODES, FUNDS } from '../../domain/applicationStatus.ts';
import { isCalendarDay } from '../../domain/calendarDay.ts';
import { REPORT_IDS } from '../../domain/reports/reportIds.ts';
import { PIVA_LENGTH } from '../../domain/vatNumber.ts';
import { parseAdminListSearch } from '../../src/features/admin-organizations/adminListSearch.ts';
import { parseReportSearch } from '../../src/features/admin-reports/reportSearch.ts';
import { parseApplicationWizardSearch, parseSurveyWizardSearch } from '../../src/features/funds/surveySearch.ts';
import { parseLoginCallbackSearch } from '../../src/auth/loginCallback.ts';
import { Route as AcceptInvitationRoute } from '../../src/routes/_authenticated/accetta-invito.tsx';
import { Route as AdminPanelRoute } from '../../src/routes/_authenticated/_admin/admin-panel.tsx';
import { Route as RegisterOrgRoute } from '../../src/routes/_authenticated/register-org.tsx';
import { Route as WelcomeRoute } from '../../src/routes/index.tsx';

/*
 * The route tree's search params are small hand-written functions, so zod stays out of the portal's first load.
 * These zod schemas are what they are held to: every function must give what its schema gives, for
 * every combination of the values below (valid, at the bounds, of the wrong type, malformed), as the route sees
 * it: TanStack Router lays validateSearch's answer over the URL's raw params, so a key the answer leaves out
 * keeps its raw value. One difference on purpose: the two date ranges' transforms leave `from`/`to` out to drop an
 * incomplete or reversed range, which lets the raw values through; the functions drop them (set undefined).
 */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => {
    try {
      return parseDate(text).toString() === text;
    } catch {
      return false;
    }
  });
const adminListFields = z.object({
  q: z.string().max(200).optional().catch(undefined),
  fund: z.enum(FUNDS).optional().catch(undefined),
  statuses: z.array(z.enum(APPLICATION_STATUS_CODES)).optional().catch(undefined),
  from: isoDay.optional().catch(undefined),
  to: isoDay.optional().catch(undefined),
  sort: z.enum(ADMIN_LIST_SORTS).optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});
const panelTab = z.object({ tab: z.enum(['reports']).optional().catch(undefined) });
const before = {
  adminList: adminListFields.transform((search) => {
    const { from, to, ...rest } = search;
    return from !== undefined && to !== undefined && from <= to ? search : { ...rest, from: undefined, to: undefined };
  }),
  report: z
    .object({
      wid: z.string().max(100).optional().catch(undefined),
      rid: z.enum(REPORT_IDS).optional().catch(undefined),
      fund: z.enum(FUNDS).optional().catch(undefined),
      from: z.string().refine(isCalendarDay).optional().catch(undefined),
      to: z.string().refine(isCalendarDay).optional().catch(undefined),
    })
    .transform((search) => {
      const { from, to, ...rest } = search;
      return from !== undefined && to !== undefined && from > to ? { ...rest, from: undefined, to: undefined } : search;
    }),
  applicationWizard: z.object({
    numberStep: z.number().int().min(0).max(6).optional().catch(undefined),
    isReadOnly: z.boolean().optional().catch(undefined),
  }),
  surveyWizard: z.object({
    isReadOnly: z.boolean().optional().catch(undefined),
    monitoraggio: z.boolean().optional().catch(undefined),
    periodo: z
      .string()
      .regex(/^[0-9a-f-]{36}$/i)
      .optional()
      .catch(undefined),
  }),
  registerOrg: z.object({
    pIva: z
      .union([
        z.string().regex(/^\d+$/).length(PIVA_LENGTH),
        z
          .number()
          .int()
          .min(10 ** (PIVA_LENGTH - 1))
          .max(10 ** PIVA_LENGTH - 1),
      ])
      .optional()
      .catch(undefined),
  }),
  welcome: z.object({ redirect: z.string().optional() }),
  invitation: z.object({ token: z.string().max(256).optional() }),
  loginCallback: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
  }),
};

/** Drops keys whose value is undefined: a dropped param is absent, whichever way it was dropped. */
function defined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** Every combination of one value per key (the keys' own lists include undefined). */
function* combinations(values: Record<string, readonly unknown[]>): Generator<Record<string, unknown>> {
  const entries = Object.entries(values);
  function* walk(index: number, current: Record<string, unknown>): Generator<Record<string, unknown>> {
    if (index === entries.length) return yield { ...current };
    const [key, options] = entries[index]!;
    for (const option of options) yield* walk(index + 1, option === undefined ? current : { ...current, [key]: option });
  }
  yield* walk(0, {});
}

/** The route's search (validateSearch's answer over the raw params), or that it throws (the route's error). */
function outcome(search: Record<string, unknown>, parse: (search: Record<string, unknown>) => object): Record<string, unknown> | 'throws' {
  try {
    return defined({ ...search, ...parse(search) });
  } catch {
    return 'throws';
  }
}

function expectSameAsBefore(
  values: Record<string, readonly unknown[]>,
  parse: (search: Record<string, unknown>) => object,
  schema: z.ZodType,
) {
  let count = 0;
  for (const search of combinations({ ...values, unknownParam: [undefined, 'x'] })) {
    expect(outcome(search, parse), JSON.stringify(search)).toEqual(outcome(search, (raw) => schema.parse(raw) as object));
    count += 1;
  }
  expect(count).toBeGreaterThan(1);
}

const booleans = [undefined, true, false, 'true', 1, null];
const days = [undefined, '2026-03-01', '2026-03-31', '2026-02-31', '2026-3-1', '01/03/2026', 20260301];

describe('search params checked without zod give what the zod schemas gave', () => {
  it('the admin list (/admin-panel): text, fund, statuses, a whole range or none, sort, page', () => {
    expectSameAsBefore(
      {
        q: [undefined, 'alfa', '', 'x'.repeat(200), 'x'.repeat(201), 5],
        fund: [undefined, 'TUR', 'PUI', 'tur', 0],
        statuses: [undefined, ['APERTA'], [], ['APERTA', 'NOPE'], 'APERTA'],
        sort: [undefined, '-tur', 'name', 'bogus'],
        page: [undefined, 1, 2, 0, -1, 1.5, '2', Number.MAX_SAFE_INTEGER + 1],
      },
      parseAdminListSearch,
      before.adminList,
    );
    expectSameAsBefore({ q: [undefined, 'alfa'], from: days, to: days }, parseAdminListSearch, before.adminList);
  });

  it('the admin panel adds its tab', () => {
    const validate = AdminPanelRoute.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>;
    for (const tab of [undefined, 'reports', 'organizations', 1]) {
      for (const q of [undefined, 'alfa']) {
        const search = defined({ tab, q });
        expect(defined(validate(search))).toEqual(defined({ ...before.adminList.parse(search), ...panelTab.parse(search) }));
      }
    }
  });

  it('a report (/admin-panel/report): address, fund and a range that does not end before it starts', () => {
    expectSameAsBefore(
      {
        wid: [undefined, 'fondi-tematici', 'x'.repeat(101), 3],
        rid: [undefined, 'importi', 'bogus'],
        fund: [undefined, 'PUI', 'pui'],
        from: days,
        to: days,
      },
      parseReportSearch,
      before.report,
    );
  });

  it('the application wizard: starting step and read-only view', () => {
    expectSameAsBefore(
      { numberStep: [undefined, 0, 6, 7, -1, 2.5, '3', null], isReadOnly: booleans },
      parseApplicationWizardSearch,
      before.applicationWizard,
    );
  });

  it('the survey wizard: read-only, monitoring and the period', () => {
    expectSameAsBefore(
      {
        isReadOnly: booleans,
        monitoraggio: booleans,
        periodo: [undefined, '0b7e4c1e-3f5a-4a7b-9c2d-1e2f3a4b5c6d', '0B7E4C1E-3F5A-4A7B-9C2D-1E2F3A4B5C6D', 'short', 42],
      },
      parseSurveyWizardSearch,
      before.surveyWizard,
    );
  });

  it('/register-org: the VAT number as the router read it, text or number', () => {
    const validate = RegisterOrgRoute.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>;
    expectSameAsBefore(
      { pIva: [undefined, '01234567890', '92345678903', 92345678903, 1234567890, 100000000000, '1234', 'abcdefghijk', 9234567890.5] },
      validate,
      before.registerOrg,
    );
  });

  it('/ (redirect), /accetta-invito (token) and /login-callback refuse what their schemas refused', () => {
    const welcome = WelcomeRoute.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>;
    const invitation = AcceptInvitationRoute.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>;
    expectSameAsBefore({ redirect: [undefined, '/calls?x=1', '', 42, null] }, welcome, before.welcome);
    expectSameAsBefore({ token: [undefined, 'abc', 'x'.repeat(256), 'x'.repeat(257), 123] }, invitation, before.invitation);
    expectSameAsBefore(
      {
        code: [undefined, 'abc', 'x'.repeat(4097), 7],
        state: [undefined, 'xyz', 'x'.repeat(513)],
        iss: [undefined, 'https://idp.example/idp', 'x'.repeat(2049)],
        error: [undefined, 'access_denied', false],
        error_description: [undefined, 'End-User aborted interaction', 'x'.repeat(1025)],
      },
      parseLoginCallbackSearch,
      before.loginCallback,
    );
  });
});
