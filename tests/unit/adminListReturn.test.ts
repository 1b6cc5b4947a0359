import { describe, expect, it } from 'vitest';
import { parseListReturn } from '../../src/features/admin-organizations/adminListSearch.ts';
import { adminListHref, withListReturn } from '../../src/features/admin-organizations/listReturn.ts';

describe('the way back to the admin list as the admin left it (?lista=)', () => {
  it('carries the list\u2019s query string on the links to one application, encoded', () => {
    expect(withListReturn('/admin-organization/survey-tur/abc', 'q=IT%20123&fund=TUR')).toBe(
      '/admin-organization/survey-tur/abc?lista=q%3DIT%2520123%26fund%3DTUR',
    );
    expect(withListReturn('/admin-organization/TUR_istruttoria/abc?monitoraggio=true', 'page=2')).toBe(
      '/admin-organization/TUR_istruttoria/abc?monitoraggio=true&lista=page%3D2',
    );
    expect(withListReturn('/admin-organization/survey-pui/abc', undefined)).toBe('/admin-organization/survey-pui/abc');
  });

  it('keeps only a query string: the way back always leads to /admin-panel', () => {
    expect(parseListReturn('?q=lago&page=2')).toBe('q=lago&page=2');
    expect(parseListReturn('q=lago#frammento')).toBe('q=lago');
    expect(parseListReturn('')).toBeUndefined();
    expect(parseListReturn(42)).toBeUndefined();
    expect(parseListReturn('q='.padEnd(2001, 'x'))).toBeUndefined();
    expect(adminListHref(parseListReturn('//altrove.example/pagina'))).toBe('/admin-panel?//altrove.example/pagina');
    expect(adminListHref(undefined)).toBe('/admin-panel');
  });
});
