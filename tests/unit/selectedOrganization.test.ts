import { describe, expect, it } from 'vitest';
import {
  SELECTED_ORGANIZATION_STORAGE_KEY,
  readSelectedOrganizationId,
  syncSelectedOrganizationId,
  writeSelectedOrganizationId,
} from '../../src/api/selectedOrganization.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  let writes = 0;
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes += 1;
      data.set(key, value);
    },
    removeItem: (key: string) => {
      writes += 1;
      data.delete(key);
    },
    writes: () => writes,
  };
}

describe('the selected organisation kept in local storage', () => {
  it('is written and forgotten', () => {
    const storage = memoryStorage();
    writeSelectedOrganizationId(storage, 'org-1');
    expect(readSelectedOrganizationId(storage)).toBe('org-1');
    writeSelectedOrganizationId(storage, null);
    expect(readSelectedOrganizationId(storage)).toBeNull();
  });

  it('follows the organisation the person works for, writing only on a change', () => {
    const storage = memoryStorage({ [SELECTED_ORGANIZATION_STORAGE_KEY]: 'org-gone' });
    syncSelectedOrganizationId(storage, 'org-1');
    expect(readSelectedOrganizationId(storage)).toBe('org-1');
    syncSelectedOrganizationId(storage, 'org-1');
    expect(storage.writes()).toBe(1);
    // An administrator, or someone whose last organisation is gone, has none.
    syncSelectedOrganizationId(storage, null);
    expect(readSelectedOrganizationId(storage)).toBeNull();
  });
});
