/** The texts of the page a route shows when its data could not be loaded (src/routes/-components/RouteError.tsx). */
export const routeErrorMessages = {
  retry: 'Riprova',
} as const;
