import { addMonths, format, isValid, parseISO } from 'date-fns';
import type { CallThresholds } from '../call.ts';
import { formatItalianDate } from '../italianDates.ts';
import { formatAmount, roundCents } from '../italianNumbers.ts';
import { applicationFormMessages } from '../messages/applicationForm.ts';
import type { FieldIssue, WizardRuleContext } from '../wizard.ts';
import { clearHiddenAnswers, fieldIssues, readPath, writePath } from '../wizardFields.ts';
import type { TurApplication } from './turApplication.ts';
import { TUR_FIELDS } from './turFields.ts';

const form = applicationFormMessages;

/** costiFontiCopertura = fund + debt + equity + public co-financing (spec §4); null while none is filled. */
export function costiFontiCopertura(values: TurApplication): number | null {
  const parts = [values.costiIintervento, values.costiDdebito, values.costiEquity, values.costiPubblico];
  if (parts.every((part) => part === null)) return null;
  return roundCents(parts.reduce<number>((sum, part) => sum + (part ?? 0), 0));
}

/** `part` as a share of the total investment in percent, unrounded; 0 when it cannot be computed. */
function shareOfTotal(values: TurApplication, part: number | null): number {
  const total = values.costiTotale;
  if (part === null || total === null || !(total > 0)) return 0;
  const share = (part / total) * 100;
  return Number.isFinite(share) ? share : 0;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** tempiFineLavori = start + duration in months (spec §4), YYYY-MM-DD; null until both are valid. */
export function tempiFineLavori(values: TurApplication): string | null {
  if (!values.tempiInizioLavori || values.tempiDurataLavori === null) return null;
  const start = parseISO(values.tempiInizioLavori);
  if (!isValid(start)) return null;
  return format(addMonths(start, values.tempiDurataLavori), 'yyyy-MM-dd');
}

/** The values with every computed field recomputed (the server does this too: it never trusts them). */
export function withTurComputedValues(values: TurApplication): TurApplication {
  return {
    ...values,
    costiFontiCopertura: costiFontiCopertura(values),
    percTotInvest: twoDecimals(shareOfTotal(values, values.costiIintervento)),
    percTransEnerg: twoDecimals(shareOfTotal(values, values.costiTotaleCapexTransEnerg)),
    percTransDigital: twoDecimals(shareOfTotal(values, values.costiTotaleCapexTransDigital)),
    tempiFineLavori: tempiFineLavori(values),
  };
}

/**
 * Clears what depended on a field that just changed (spec §4): a new region clears province and comune, a new
 * province clears the comune (as in the organisation form); an answer a yes/no question no longer asks is cleared.
 */
function resetDependents(values: TurApplication, field: string, previous: unknown): TurApplication {
  const changed = JSON.stringify(previous) !== JSON.stringify(readPath(values, field) ?? null);
  let reset = values;
  if (field === 'progRegione' && changed) reset = { ...reset, progProvincia: '', progComune: '' };
  if (field === 'progProvincia' && changed) reset = { ...reset, progComune: '' };
  return clearHiddenAnswers(reset, TUR_FIELDS);
}

/** One field changed: set it, clear its dependents, recompute the computed values. */
export function applyTurChange(values: TurApplication, field: string, value: unknown): TurApplication {
  const previous = readPath(values, field);
  return withTurComputedValues(resetDependents(writePath(values, field, value), field, previous));
}

/**
 * Every rule of spec §5 the values break: required fields, lengths, the duration, "Totale investimento" equal to
 * "Fonti di copertura" (to the cent), the call's end-of-works limit.
 */
export function validateTurApplication(values: TurApplication, context: WizardRuleContext): FieldIssue[] {
  const issues = fieldIssues(values, TUR_FIELDS);
  if (values.tempiDurataLavori === 0) {
    issues.push({ field: 'tempiDurataLavori', step: 'tempistiche', message: form.durationAtLeastOneMonth });
  }
  const sources = costiFontiCopertura(values);
  if (values.costiTotale !== null && sources !== null && roundCents(values.costiTotale) !== sources) {
    issues.push({ field: 'costiTotale', step: 'fontiImpieghi', message: form.totalsDiffer });
  }
  const end = tempiFineLavori(values);
  if (end && end > context.endOfWorksLimit) {
    issues.push({
      field: 'tempiFineLavori',
      step: 'tempistiche',
      message: form.endOfWorksTooLate(formatItalianDate(context.endOfWorksLimit)),
    });
  }
  return issues;
}

/**
 * The warnings reviewers see (spec §5: admin only, never blocking), from the call's thresholds: the fund amount
 * above the limit; the fund share above the maximum; property purchase above its share; energy-transition and
 * digital capex below their minimum shares of the total.
 */
export function turWarnings(values: TurApplication, thresholds: CallThresholds): string[] {
  const warnings: string[] = [];
  const fund = values.costiIintervento;
  const percent = (value: number) => `${value}%`;
  if (fund !== null && fund > thresholds.fundAmountWarning)
    warnings.push(form.warningFundAmount(formatAmount(thresholds.fundAmountWarning)));
  if (shareOfTotal(values, fund) > thresholds.maxFundSharePercent)
    warnings.push(form.warningFundShare(percent(thresholds.maxFundSharePercent)));
  const { propertyPurchaseMaxPercent, energyCapexMinPercent, digitalCapexMinPercent } = thresholds;
  const total = values.costiTotale;
  if (total === null || !(total > 0)) return warnings;
  if (propertyPurchaseMaxPercent !== null && shareOfTotal(values, values.costiImmobili) > propertyPurchaseMaxPercent) {
    warnings.push(form.warningPropertyPurchase(percent(propertyPurchaseMaxPercent)));
  }
  if (energyCapexMinPercent !== null && shareOfTotal(values, values.costiTotaleCapexTransEnerg ?? 0) < energyCapexMinPercent) {
    warnings.push(form.warningEnergyCapex(percent(energyCapexMinPercent)));
  }
  if (digitalCapexMinPercent !== null && shareOfTotal(values, values.costiTotaleCapexTransDigital ?? 0) < digitalCapexMinPercent) {
    warnings.push(form.warningDigitalCapex(percent(digitalCapexMinPercent)));
  }
  return warnings;
}
