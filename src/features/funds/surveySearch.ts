/*
 * Search params are checked by hand, not with zod: these route options load with the route tree, on every
 * page's first load. An invalid value is dropped, as zod's `.optional().catch(undefined)` did: every key is in
 * the answer, undefined when absent or invalid, because the router lays the answer over the URL's raw params
 * (a key left out would keep its raw value).
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
  const isStep = Number.isSafeInteger(numberStep) && (numberStep as number) >= 0 && (numberStep as number) <= 6;
  return {
    numberStep: isStep ? (numberStep as number) : undefined,
    isReadOnly: typeof isReadOnly === 'boolean' ? isReadOnly : undefined,
  };
}

export function parseSurveyWizardSearch(search: Record<string, unknown>): SurveyWizardSearch {
  const { isReadOnly, monitoraggio, periodo } = search;
  return {
    isReadOnly: typeof isReadOnly === 'boolean' ? isReadOnly : undefined,
    monitoraggio: typeof monitoraggio === 'boolean' ? monitoraggio : undefined,
    periodo: typeof periodo === 'string' && PERIOD_ID.test(periodo) ? periodo : undefined,
  };
}
