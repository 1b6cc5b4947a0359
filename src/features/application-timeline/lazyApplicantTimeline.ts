import type { ComponentProps } from 'react';
import { preloadedLazy } from '../../ui/preloadedLazy.tsx';
import type { ApplicantTimeline } from './ApplicantTimeline.tsx';

/**
 * The applicant's timeline in its own chunk, loaded only once «Cronologia della candidatura» is opened on the fund
 * card (issue 44): /calls does not carry its code in its first load. A file of its own, apart from the admin's,
 * so /calls does not carry the list of the admin timeline's chunks either.
 */
export const LazyApplicantTimeline = preloadedLazy<ComponentProps<typeof ApplicantTimeline>>(() =>
  import('./ApplicantTimeline.tsx').then((module) => ({ default: module.ApplicantTimeline })),
);
