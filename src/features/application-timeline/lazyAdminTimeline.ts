import type { ComponentProps } from 'react';
import { preloadedLazy } from '../../ui/preloadedLazy.tsx';
import type { AdminTimeline } from './AdminTimeline.tsx';

/**
 * The administrator's timeline (with the notes' form and its machine) in its own chunk, below the read-only
 * application (issue 44): the page's first load does not carry it.
 */
export const LazyAdminTimeline = preloadedLazy<ComponentProps<typeof AdminTimeline>>(() =>
  import('./AdminTimeline.tsx').then((module) => ({ default: module.AdminTimeline })),
);
