import type { ComponentProps } from 'react';
import { preloadedLazy } from '../../ui/preloadedLazy.tsx';
import type { EvaluationSection } from './EvaluationSection.tsx';

/**
 * «Valutazione istruttoria» (issue 44) in its own chunk, with SurveyJS behind it: the admin's application page loads
 * it below the read-only application, never in the page's first load.
 */
export const LazyEvaluationSection = preloadedLazy<ComponentProps<typeof EvaluationSection>>(() =>
  import('./EvaluationSection.tsx').then((module) => ({ default: module.EvaluationSection })),
);
