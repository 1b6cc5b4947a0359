import { describe, expect, it } from 'vitest';
import type { AdminCompilation, AdminOrganizationListItem } from '../../domain/application.ts';
import { applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { parseAdminListSearch } from '../../src/features/admin-organizations/adminListSearch.ts';
import {
  applicationIdsOf,
  filterItems,
  exportableFunds,
  indexItems,
  pageOf,
  rowViewOf,
  searchItems,
  sortItems,
} from '../../src/features/admin-organizations/adminListView.ts';

let next = 0;
function compilation(statusCode: ApplicationStatusCode, submittedAt: string | null): AdminCompilation {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    status: applicationStatusLabels[statusCode],
    statusCode,
    submittedAt,
    acceptedAt: submittedAt === null ? null : '2026-01-01T09:00:00.000123Z',
    statusChangedAt: submittedAt ?? '2026-01-01T10:00:00Z',
    allowedTargets: [],
    warningsCount: 0,
  };
}
function item(
  name: string,
  tur: AdminCompilation | null,
  pui: AdminCompilation | null = null,
  { pIva = '12345678901', codiceFiscale = null }: { pIva?: string; codiceFiscale?: string | null } = {},
): AdminOrganizationListItem {
  return {
    organization: { id: name, name, email: null, pIva, codiceFiscale, suspended: false },
    turCompilazione: tur,
    puiCompilazione: pui,
    compilazioneDrafts: [],
  };
}

const items = indexItems([
  item('Comune di Zeta', compilation('IN_VALUTAZIONE', '2026-03-10T10:00:00Z')),
  item('comune di alfa', compilation('APERTA', null), compilation('AMMISSIBILE', '2026-05-02T10:00:00Z')),
  item('Fondazione Émile', null, compilation('RIFIUTATA', '2026-02-01T10:00:00Z'), { codiceFiscale: 'FNDMLE80A01H501U' }),
  item('Consorzio Beta', compilation('CANDIDATURA_SOTTOMESSA', '2026-04-20T10:00:00Z'), null, { pIva: '10000000004' }),
]);
const names = (list: { item: AdminOrganizationListItem }[]) => list.map((i) => i.item.organization.name);

describe('admin list: search, filters, sort', () => {
  it('searches the name case- and accent-insensitively, like the server', () => {
    expect(names(searchItems(items, 'COMUNE'))).toEqual(['Comune di Zeta', 'comune di alfa']);
    expect(names(searchItems(items, 'émile'))).toEqual(['Fondazione Émile']);
    expect(names(searchItems(items, 'emile'))).toEqual(['Fondazione Émile']);
    expect(names(searchItems(items, 'EMILE'))).toEqual(['Fondazione Émile']);
    expect(searchItems(items, 'nessuno')).toEqual([]);
    expect(searchItems(items, '  ')).toHaveLength(4);
  });

  it('finds an organisation by its P.IVA or codice fiscale, typed with spaces, in any case, with or without IT', () => {
    expect(names(searchItems(items, '10000000004'))).toEqual(['Consorzio Beta']);
    expect(names(searchItems(items, 'IT 100 000 000 04'))).toEqual(['Consorzio Beta']);
    expect(names(searchItems(items, 'it10000000004'))).toEqual(['Consorzio Beta']);
    expect(names(searchItems(items, 'fndmle 80a01 h501u'))).toEqual(['Fondazione Émile']);
    // Part of a number finds every organisation that has it; fewer than four characters is a name search.
    expect(names(searchItems(items, '345 678'))).toEqual(['Comune di Zeta', 'comune di alfa', 'Fondazione Émile']);
    expect(searchItems(items, '100')).toEqual([]);
  });

  it('sorts by name both ways and by candidacy date, organisations without a date last', () => {
    expect(names(sortItems(items, 'name'))).toEqual(['comune di alfa', 'Comune di Zeta', 'Consorzio Beta', 'Fondazione Émile']);
    expect(names(sortItems(items, '-name'))[0]).toBe('Fondazione Émile');
    expect(names(sortItems(items, '-tur'))).toEqual(['Consorzio Beta', 'Comune di Zeta', 'comune di alfa', 'Fondazione Émile']);
    expect(names(sortItems(items, 'pui'))).toEqual(['Fondazione Émile', 'comune di alfa', 'Comune di Zeta', 'Consorzio Beta']);
  });

  it('filters by fund, statuses (Non avviata = no application) and inclusive date range', () => {
    expect(names(filterItems(items, { fund: 'PUI' }))).toEqual(['comune di alfa', 'Fondazione Émile']);
    expect(names(filterItems(items, { statuses: ['IN_VALUTAZIONE', 'RIFIUTATA'] }))).toEqual(['Comune di Zeta', 'Fondazione Émile']);
    expect(names(filterItems(items, { fund: 'TUR', statuses: ['NON_AVVIATA'] }))).toEqual(['Fondazione Émile']);
    expect(names(filterItems(items, { from: '2026-03-10', to: '2026-04-20' }))).toEqual(['Comune di Zeta', 'Consorzio Beta']);
    expect(names(filterItems(items, { fund: 'PUI', from: '2026-05-01' }))).toEqual(['comune di alfa']);
  });

  it("compares candidacy dates on Italy's calendar days, inclusive on both ends, whatever the browser's zone", () => {
    const edges = indexItems([
      // 00:30 on 1 March in Rome (CET, UTC+1): inside a range starting 1 March.
      item('Prima', compilation('IN_VALUTAZIONE', '2026-02-28T23:30:00Z')),
      // 23:30 on 31 March in Rome (CEST, UTC+2): inside a range ending 31 March.
      item('Ultima', compilation('IN_VALUTAZIONE', '2026-03-31T21:30:00+00:00')),
      // 00:30 on 1 April in Rome: outside.
      item('Dopo', compilation('IN_VALUTAZIONE', '2026-03-31T22:30:00Z')),
      // 23:30 on 28 February in Rome: outside.
      item('Prima ancora', compilation('IN_VALUTAZIONE', '2026-02-28T22:30:00Z')),
    ]);
    expect(names(filterItems(edges, { from: '2026-03-01', to: '2026-03-31' }))).toEqual(['Prima', 'Ultima']);
    expect(names(filterItems(edges, { from: '2026-04-01', to: '2026-04-01' }))).toEqual(['Dopo']);
    expect(names(filterItems(edges, { statuses: ['IN_VALUTAZIONE'], to: '2026-02-28' }))).toEqual(['Prima ancora']);
  });

  it('exports only existing applications of the fund', () => {
    expect(applicationIdsOf(items, 'PUI')).toHaveLength(2);
    expect(applicationIdsOf(items, 'TUR')).toHaveLength(3);
  });

  it('says per fund whether the listed organisations have an application to export', () => {
    expect(exportableFunds(searchItems(items, 'émile'))).toEqual({ TUR: false, PUI: true });
    expect(exportableFunds(items)).toEqual({ TUR: true, PUI: true });
    expect(exportableFunds([])).toEqual({ TUR: false, PUI: false });
  });

  it("writes a row's texts once: Italian dates (DD/MM/YY, Italy's day), links, warnings, drafts, status menu", () => {
    const tur = {
      ...compilation('IN_VALUTAZIONE', '2026-02-28T23:30:00Z'),
      allowedTargets: ['APERTA', 'AMMISSIBILE'] as ApplicationStatusCode[],
      warningsCount: 2,
    };
    const listed = {
      ...item('Comune di Àlfa', tur),
      compilazioneDrafts: [{ compilazioneType: 1 as const, createdAt: '2026-04-30T22:15:00Z', version: 3 }],
    };
    const view = rowViewOf(listed);
    expect(rowViewOf(listed)).toBe(view);
    expect(view).toMatchObject({ name: 'Comune di Àlfa', href: '/admin-organization/Comune%20di%20%C3%80lfa', pIva: 'P.IVA 12345678901' });
    expect(view.drafts).toEqual(['Bozza PUI: 01/05/26']);
    const [turCell, puiCell] = view.cells;
    expect(puiCell).toEqual({ fund: 'PUI', status: 'Non avviata', application: null });
    expect(turCell).toMatchObject({
      fund: 'TUR',
      status: 'In valutazione',
      application: {
        id: tur.id,
        submitted: 'Candidata il 01/03/26',
        // The server's acceptance to the microsecond, on Italy's clock (issue 45).
        accepted: 'Accettata il 01/01/2026 alle 10:00:00,000123',
        changed: 'Stato dal 01/03/26',
        warnings: '2 avvisi',
        href: '/admin-organization/survey-tur/Comune%20di%20%C3%80lfa',
        openLabel: 'Apri candidatura TUR',
        menu: {
          label: 'Cambia stato TUR di Comune di Àlfa',
          trigger: 'Cambia stato TUR',
          targets: [
            { code: 'APERTA', label: 'Aperta' },
            { code: 'AMMISSIBILE', label: 'Ammissibile' },
          ],
        },
      },
    });
    expect(rowViewOf(item('Senza cambi', compilation('APERTA', null))).cells[0]!.application).toMatchObject({
      submitted: null,
      warnings: null,
      menu: null,
    });
  });

  it('pages by 50 and clamps the page', () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 3)).toEqual({ rows: many.slice(100), page: 3, pages: 3 });
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], undefined)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it('drops calendar days that do not exist, and a range the picker could not show', () => {
    expect(parseAdminListSearch({ from: '2026-02-31', to: '2026-03-31' })).toEqual({});
    expect(parseAdminListSearch({ to: '2026-03-31', q: 'alfa' })).toEqual({ q: 'alfa' });
    expect(parseAdminListSearch({ from: '2026-04-01', to: '2026-03-31' })).toEqual({});
    expect(parseAdminListSearch({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('drops malformed URL state instead of failing', () => {
    expect(parseAdminListSearch({ q: 'comune', sort: 'bogus', statuses: ['NOPE'], from: '10/03/26', page: 2 })).toEqual({
      q: 'comune',
      page: 2,
    });
  });
});
