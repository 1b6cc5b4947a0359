import { FUND_REGISTRY } from '../../domain/funds.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { turReferencesMessages } from '../../domain/messages/turReferences.ts';
import type { TurApplication } from '../../domain/tur/turApplication.ts';
import { TUR_FIELDS } from '../../domain/tur/turFields.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import { clearHiddenAnswers } from '../../domain/wizardFields.ts';
import type { FundApplicationModule, ServerFund } from '../applications/fundModule.ts';
import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';

const m = { ...submissionMessages, ...turReferencesMessages };

/** ISTAT codes are held as strings (spec §7); '' is none. */
const code = (value: string) => (value === '' ? null : Number(value));

/**
 * Where a TUR project is and what it names: a region, a province of that region, a comune of that province
 * (ISTAT), a thematic area and a design level from the reference data.
 */
function placeIssues(territory: Territory, reference: ReferenceData, values: TurApplication): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const unknown = (field: string, step: string, message: string) => issues.push({ field, step, message });
  const areas = new Set(reference.areeTematiche.map((area) => area.id));
  const levels = new Set(reference.livelliProgettazione.map((level) => level.id));
  if (values.progAreaTematica !== null && !areas.has(values.progAreaTematica)) unknown('progAreaTematica', 'progetto', m.referenceUnknown);
  if (values.tempiLivello !== null && !levels.has(values.tempiLivello)) unknown('tempiLivello', 'tempistiche', m.referenceUnknown);

  const region = code(values.progRegione);
  const province = code(values.progProvincia);
  const comune = code(values.progComune);
  if (region !== null && !territory.region(region)) unknown('progRegione', 'progetto', m.regionUnknown);
  if (province !== null && territory.province(province)?.regionId !== region) {
    unknown('progProvincia', 'progetto', territory.provinceRefusal(province) ?? m.provinceNotInRegion);
  }
  if (comune !== null && territory.comune(comune)?.provinceId !== province) {
    // A suppressed comune (or one of a suppressed province) is refused saying so, not as misplaced.
    unknown('progComune', 'progetto', territory.comuneRefusal(comune) ?? m.comuneNotInProvince);
  }
  return issues;
}

/** The TUR fund on the server: POST /api/Tur/CreateUpdateTur's checks over the shared definition. */
export function createTurFund(territory: Territory, reference: ReferenceData): ServerFund {
  const application: FundApplicationModule<TurApplication> = {
    definition: turWizardDefinition,
    // What a yes/no answer no longer asks is not kept (spec §4).
    prepare: (values) => clearHiddenAnswers(values, TUR_FIELDS),
    referenceIssues: (values) => placeIssues(territory, reference, values),
  };
  return { entry: FUND_REGISTRY.TUR, application };
}
