import { preloadedLazy } from '../../ui/preloadedLazy.tsx';

/**
 * SurveyJS and the portal's survey renderer, in their own chunk: only the survey routes load them. Their loaders
 * fetch it beside the data (`preload`), so the survey renders without passing through a fallback.
 */
export const SurveyRenderer = preloadedLazy(() => import('./SurveyRenderer.tsx'));
