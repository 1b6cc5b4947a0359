/*
 * Search params are checked by hand, not with zod: these route options load with the route tree, on every
 * page's first load. An invalid value is dropped, as zod's `.optional().catch(undefined)` did.
 */

/** Spec §2 navigation state of the application wizard: starting step, read-only view. */
export interface ApplicationWizardSearch {
  numberStep?: number;
  isReadOnly?: boolean;
}

/** Spec §2 navigation state of the review/monitoring survey wizard. */
export interface SurveyWizardSearch {
  isReadOnly?: boolean;
  monitoraggio?: boolean;
  /** Monitoring: the period shown (its id); the current one when omitted. */
  periodo?: string;
}

const PERIOD_ID = /^[0-9a-f-]{36}$/i;

export function parseApplicationWizardSearch(search: Record<string, unknown>): ApplicationWizardSearch {
  const { numberStep, isReadOnly } = search;
  return {
    ...(Number.isSafeInteger(numberStep) && (numberStep as number) >= 0 && (numberStep as number) <= 6
      ? { numberStep: numberStep as number }
      : {}),
    ...(typeof isReadOnly === 'boolean' ? { isReadOnly } : {}),
  };
}

export function parseSurveyWizardSearch(search: Record<string, unknown>): SurveyWizardSearch {
  const { isReadOnly, monitoraggio, periodo } = search;
  return {
    ...(typeof isReadOnly === 'boolean' ? { isReadOnly } : {}),
    ...(typeof monitoraggio === 'boolean' ? { monitoraggio } : {}),
    ...(typeof periodo === 'string' && PERIOD_ID.test(periodo) ? { periodo } : {}),
  };
}
