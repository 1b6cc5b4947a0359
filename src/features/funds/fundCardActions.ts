import type { ApplicationStatusCode, Fund } from '../../../domain/applicationStatus.ts';
import type { CallPhase } from '../../../domain/callWindow.ts';
import { messages } from '../../../domain/messages.ts';
import { fundCardView } from '../../../machines/application-lifecycle/selectors.ts';

const m = messages.funds;

/** Where a card's button leads (spec §2 route table), with the navigation state as typed search params. */
export type FundCardTarget =
  | { to: '/survey/{$fund}_candidatura'; params: { fund: Fund }; search: { numberStep?: number; isReadOnly?: boolean } }
  | {
      to: '/survey/{$fund}_istruttoria/$organizationId';
      params: { fund: Fund; organizationId: string };
      search: { isReadOnly?: boolean; monitoraggio?: boolean };
    };

export interface FundCardAction {
  section: 'application' | 'review' | 'monitoring';
  label: string;
  target: FundCardTarget;
}

/** The attachments step in the navigation state's numbering (spec §2: numberStep 4). */
export const ATTACHMENTS_STEP = 4;

/**
 * The buttons of the applicant's card for `fund` in `status` (spec §4, User card on /calls), in the order
 * they are shown. The lifecycle machine's selector decides which sections exist; this maps them to labels
 * and routes. `draftPhase`: where a draft stands against its call's window (`draftWindowPhase`): outside it, a
 * draft is only read.
 */
export function fundCardActions(
  fund: Fund,
  status: ApplicationStatusCode,
  organizationId: string,
  draftPhase: CallPhase = 'open',
): FundCardAction[] {
  const view = fundCardView(status, draftPhase);
  const application = '/survey/{$fund}_candidatura';
  const survey = '/survey/{$fund}_istruttoria/$organizationId';
  const params = { fund, organizationId };
  const actions: FundCardAction[] = [];

  switch (view.application) {
    case 'candidati':
      actions.push({ section: 'application', label: m.candidati, target: { to: application, params: { fund }, search: {} } });
      break;
    case 'compila':
      actions.push({ section: 'application', label: m.compila, target: { to: application, params: { fund }, search: {} } });
      break;
    case 'vaiAgliAllegati':
      actions.push({
        section: 'application',
        label: m.vaiAgliAllegati,
        target: { to: application, params: { fund }, search: { numberStep: ATTACHMENTS_STEP } },
      });
      break;
    case 'visualizza':
      actions.push({
        section: 'application',
        label: m.visualizza,
        target: { to: application, params: { fund }, search: { isReadOnly: true } },
      });
      break;
    case 'visualizzaDomanda':
      actions.push({
        section: 'application',
        label: m.visualizzaDomanda,
        target: { to: application, params: { fund }, search: { isReadOnly: true } },
      });
      break;
  }
  if (view.review === 'compila') {
    actions.push({ section: 'review', label: m.compilaIstruttoria, target: { to: survey, params, search: {} } });
  } else if (view.review === 'visualizza') {
    actions.push({ section: 'review', label: m.visualizza, target: { to: survey, params, search: { isReadOnly: true } } });
  }
  if (view.monitoring === 'compila') {
    actions.push({ section: 'monitoring', label: m.monitora, target: { to: survey, params, search: { monitoraggio: true } } });
  } else if (view.monitoring === 'visualizza') {
    actions.push({
      section: 'monitoring',
      label: m.visualizza,
      target: { to: survey, params, search: { monitoraggio: true, isReadOnly: true } },
    });
  }
  return actions;
}
