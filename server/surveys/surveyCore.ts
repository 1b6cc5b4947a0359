import type * as SurveyCore from 'survey-core';

/**
 * survey-core with its Italian texts, loaded by the first survey the server checks or writes out rather than at
 * start: a process that serves no survey never holds it (about 20 MB of the resident set once loaded; the
 * heavy-exports bench prints the server's memory at rest). Node keeps the modules: later calls only resolve them.
 */
let loading: Promise<typeof SurveyCore> | undefined;

export function loadSurveyCore(): Promise<typeof SurveyCore> {
  loading ??= (async () => {
    const core = await import('survey-core');
    await import('survey-core/i18n/italian');
    return core;
  })();
  return loading;
}
