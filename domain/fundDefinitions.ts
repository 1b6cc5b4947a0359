import type { Fund } from './applicationStatus.ts';
import type { FundDefinition } from './fundDefinition.ts';
import { puiWizardDefinition } from './pui/puiWizard.ts';
import { turWizardDefinition } from './tur/turWizard.ts';

/**
 * Each fund's definition (domain/<fund>/), by fund, beside the table of funds: for code that must name any fund's
 * fields without its wizard, such as the reviewer's picker of fields to correct (issue 44). Large: import it lazily.
 */
export const FUND_DEFINITIONS: Record<Fund, FundDefinition<Record<string, unknown>>> = {
  TUR: turWizardDefinition as unknown as FundDefinition<Record<string, unknown>>,
  PUI: puiWizardDefinition as unknown as FundDefinition<Record<string, unknown>>,
};
