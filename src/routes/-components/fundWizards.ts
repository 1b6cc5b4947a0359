import type { Fund } from '../../../domain/applicationStatus.ts';
import type { FundWizard } from '../../features/application-wizard/FundApplicationWizard.tsx';
import { puiWizard } from '../../features/pui-application/puiWizard.ts';
import { turWizard } from '../../features/tur-application/turWizard.ts';

/**
 * Each fund's wizard in the browser (src/features/<fund>-application/), by fund: the application routes
 * (/survey/{FUND}_candidatura, /admin-organization/survey-{fund}/{id}) are one route file each for every fund.
 */
export const FUND_WIZARDS: Record<Fund, FundWizard<Record<string, unknown>>> = { TUR: turWizard, PUI: puiWizard };
