/**
 * Sort orders of the admin list (spec §2): name A-Z / Z-A; TUR or PUI candidacy date, oldest first ('tur',
 * 'pui') or most recent first ('-tur', '-pui'); organisations without that date come last.
 */
export const ADMIN_LIST_SORTS = ['name', '-name', 'tur', '-tur', 'pui', '-pui'] as const;
export type AdminListSort = (typeof ADMIN_LIST_SORTS)[number];
