import { preloadedLazy } from '../../ui/preloadedLazy.tsx';

/**
 * SurveyJS and the portal's survey renderer, in their own chunk: only the survey routes load them. Their pages name
 * it in their HTML (the mark: scripts/routePreloadsPlugin.ts), so it is fetched and compiled while the portal starts;
 * their loaders run it beside the data (`preload`), so the survey renders without passing through a fallback.
 */
export const SurveyRenderer = preloadedLazy(() => import(/* portale:with-page */ './SurveyRenderer.tsx'));
