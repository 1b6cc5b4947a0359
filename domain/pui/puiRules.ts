import { addMonths, format, isValid, parseISO } from 'date-fns';
import type { CallThresholds } from '../call.ts';
import { formatItalianDate } from '../italianDates.ts';
import { formatAmount, roundCents } from '../italianNumbers.ts';
import { applicationFormMessages } from '../messages/applicationForm.ts';
import type { FieldIssue, WizardRuleContext } from '../wizard.ts';
import { clearHiddenAnswers, fieldIssues, readPath, writePath } from '../wizardFields.ts';
import type { PuiApplication } from './puiApplication.ts';
import { PUI_FIELDS } from './puiFields.ts';

const form = applicationFormMessages;

/** fontiCopertura = fund + debt + equity + public co-financing (spec §4); null while none is filled. */
export function fontiCopertura(values: PuiApplication): number | null {
  const parts = [values.entitaInterventoFondo, values.cofinanziamentoDebito, values.cofinanziamentoEquity, values.cofinanziamentoPubblico];
  if (parts.every((part) => part === null)) return null;
  return roundCents(parts.reduce<number>((sum, part) => sum + (part ?? 0), 0));
}

/** The fund's share of the total in percent, unrounded; 0 when it cannot be computed. */
function fundShare(values: PuiApplication): number {
  const fund = values.entitaInterventoFondo;
  const total = values.costiTotale;
  if (fund === null || total === null || !(total > 0)) return 0;
  const share = (fund / total) * 100;
  return Number.isFinite(share) ? share : 0;
}

/** percTotInvest = fund / total × 100 (spec §4), to two decimals; 0 when it cannot be computed. */
export function percTotInvest(values: PuiApplication): number {
  return Math.round(fundShare(values) * 100) / 100;
}

/** tempiFineLavoriPrev = start + duration in months (spec §4), YYYY-MM-DD; null until both are valid. */
export function tempiFineLavoriPrev(values: PuiApplication): string | null {
  if (!values.tempiInizioLavori || values.tempiDurataLavori === null) return null;
  const start = parseISO(values.tempiInizioLavori);
  if (!isValid(start)) return null;
  return format(addMonths(start, values.tempiDurataLavori), 'yyyy-MM-dd');
}

/** The values with every computed field recomputed (the server does this too: it never trusts them). */
export function withPuiComputedValues(values: PuiApplication): PuiApplication {
  return {
    ...values,
    fontiCopertura: fontiCopertura(values),
    percTotInvest: percTotInvest(values),
    tempiFineLavoriPrev: tempiFineLavoriPrev(values),
  };
}

/**
 * Clears what depended on a field that just changed (spec §4 Computed values and dependent resets): a new city
 * clears comune, region, plans and objectives; a new general objective the specific ones; the PUI code goes
 * without an inherent PUI; and an indicator's answers asked only on SI go with any other answer ("a 'no' on
 * yes/no questions clears their dependent numbers", read from the fields' conditions as for TUR). Notes are the
 * person's words and stay.
 */
function resetDependents(values: PuiApplication, field: string, previous: unknown): PuiApplication {
  const changed = JSON.stringify(previous) !== JSON.stringify(readPath(values, field) ?? null);
  let reset = values;
  if (field === 'progCittaMetropolitana' && changed) {
    reset = { ...reset, progComune: null, progRegione: '', puiRiferimento: [], obbGenerale: null, obbSpecifico: [] };
  }
  if (field === 'obbGenerale' && changed) reset = { ...reset, obbSpecifico: [] };
  if (field === 'progInherentPui' && reset.progInherentPui !== true) reset = { ...reset, progCodice: '' };
  return clearHiddenAnswers(reset, PUI_FIELDS);
}

/** One field changed: set it, clear its dependents, recompute the computed values. */
export function applyPuiChange(values: PuiApplication, field: string, value: unknown): PuiApplication {
  const previous = readPath(values, field);
  const next = writePath(values, field, value);
  return withPuiComputedValues(resetDependents(next, field, previous));
}

/**
 * Every rule of spec §5 the values break: required fields, lengths, duration, the end-of-works limit; a start of
 * works marked as a forecast (previsioneInizioLavori) that is already past (issue 46: a forecast is of a day to
 * come); and, as for TUR, "Totale investimento" equal to "Fonti di copertura" to the cent (issue 46: spec §5 names
 * the rule for TUR, but PUI's Fonti e Impieghi step computes the same sources beside the same total — a plan whose
 * sources do not cover its uses, or exceed them, is not one to fund).
 */
export function validatePuiApplication(values: PuiApplication, context: WizardRuleContext): FieldIssue[] {
  const issues = fieldIssues(values, PUI_FIELDS);
  if (values.tempiDurataLavori === 0) {
    issues.push({ field: 'tempiDurataLavori', step: 'tempistiche', message: form.durationAtLeastOneMonth });
  }
  const sources = fontiCopertura(values);
  if (values.costiTotale !== null && sources !== null && roundCents(values.costiTotale) !== sources) {
    issues.push({ field: 'costiTotale', step: 'fontiImpieghi', message: form.totalsDiffer });
  }
  if (values.previsioneInizioLavori === true && values.tempiInizioLavori && values.tempiInizioLavori < context.today) {
    issues.push({ field: 'tempiInizioLavori', step: 'tempistiche', message: form.forecastStartInPast(formatItalianDate(context.today)) });
  }
  const end = tempiFineLavoriPrev(values);
  if (end && end > context.endOfWorksLimit) {
    issues.push({
      field: 'tempiFineLavoriPrev',
      step: 'tempistiche',
      message: form.endOfWorksTooLate(formatItalianDate(context.endOfWorksLimit)),
    });
  }
  return issues;
}

/**
 * The warnings reviewers see (spec §5: admin only, never blocking), computed from the call's thresholds:
 * the fund amount above the call's limit; the fund share above the maximum share of the total.
 */
export function puiWarnings(values: PuiApplication, thresholds: CallThresholds): string[] {
  const warnings: string[] = [];
  const fund = values.entitaInterventoFondo;
  if (fund !== null && fund > thresholds.fundAmountWarning) {
    warnings.push(form.warningFundAmount(formatAmount(thresholds.fundAmountWarning)));
  }
  if (fundShare(values) > thresholds.maxFundSharePercent) {
    warnings.push(form.warningFundShare(`${thresholds.maxFundSharePercent}%`));
  }
  return warnings;
}
