import { fundTitles } from '../applicationStatus.ts';
import { defineFund } from '../fundDefinition.ts';
import { turApplicationSchema, type TurApplication } from './turApplication.ts';
import { TUR_FIELDS, TUR_STEPS } from './turFields.ts';
import { applyTurChange, turWarnings, validateTurApplication, withTurComputedValues } from './turRules.ts';

/** The TUR fund: the wizard machine's definition (machines/application-wizard) and the server's checks. */
export const turWizardDefinition = defineFund<TurApplication>({
  fund: 'TUR',
  title: `Candidatura ${fundTitles.TUR}`,
  steps: TUR_STEPS,
  schema: turApplicationSchema,
  fields: TUR_FIELDS,
  blockingDateField: 'tempiFineLavori',
  sectionLabels: { turSurveyDto: "Valutazione d'Impatto", organizationId: 'Organizzazione' },
  withComputedValues: withTurComputedValues,
  applyChange: applyTurChange,
  validate: validateTurApplication,
  warnings: turWarnings,
});
