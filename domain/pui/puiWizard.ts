import { fundTitles } from '../applicationStatus.ts';
import type { FundWizardDefinition } from '../wizard.ts';
import { emptyPuiApplication, puiApplicationFromJson, type PuiApplication } from './puiApplication.ts';
import { PUI_STEPS } from './puiFields.ts';
import { applyPuiChange, validatePuiApplication, withPuiComputedValues } from './puiRules.ts';

/** The PUI fund for the application wizard machine (machines/application-wizard). */
export const puiWizardDefinition: FundWizardDefinition<PuiApplication> = {
  fund: 'PUI',
  title: `Candidatura ${fundTitles.PUI}`,
  steps: PUI_STEPS,
  emptyValues: emptyPuiApplication,
  fromDraft: (json, organizationId) => withPuiComputedValues(puiApplicationFromJson(json, organizationId)),
  applyChange: applyPuiChange,
  validate: validatePuiApplication,
};
