import { fundTitles } from '../applicationStatus.ts';
import { defineFund } from '../fundDefinition.ts';
import { puiApplicationSchema, type PuiApplication } from './puiApplication.ts';
import { PUI_FIELDS, PUI_STEPS } from './puiFields.ts';
import { applyPuiChange, puiWarnings, validatePuiApplication, withPuiComputedValues } from './puiRules.ts';

/** The PUI fund: the wizard machine's definition (machines/application-wizard) and the server's checks. */
export const puiWizardDefinition = defineFund<PuiApplication>({
  fund: 'PUI',
  title: `Candidatura ${fundTitles.PUI}`,
  steps: PUI_STEPS,
  schema: puiApplicationSchema,
  fields: PUI_FIELDS,
  blockingDateField: 'tempiFineLavoriPrev',
  sectionLabels: { puiSurveyDto: "Valutazione d'Impatto", organizationId: 'Organizzazione' },
  withComputedValues: withPuiComputedValues,
  applyChange: applyPuiChange,
  validate: validatePuiApplication,
  warnings: puiWarnings,
});
