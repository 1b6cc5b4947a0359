import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { fundTitles, statusLabel, type Fund } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import { adminApplicationMessages } from '../../../domain/messages/adminApplication.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { EVALUATION_OUTCOMES, proposalOf } from '../../../domain/evaluationProposal.ts';
import { adminTargetsFrom } from '../../../machines/application-lifecycle/transitions.ts';
import { applicationQueries, hasApplication } from '../../api/applications.ts';
import { evaluationQueries } from '../../api/evaluation.ts';
import type { ApiClient } from '../../api/client.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { Alert } from '../../ui/Alert.tsx';
import { HrefLink } from '../../ui/Link.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { applicationHeader, chip, headerDefinition, headerFacts, headerTerm, menuTrigger, pageActions } from './AdminOrganizations.css.ts';
import { adminListHref } from './listReturn.ts';
import { useStatusChange } from './useStatusChange.ts';

const m = adminApplicationMessages;

/**
 * The dialog (react-aria's dialog, text area and date picker) is downloaded when the admin chooses a status, not
 * with the page: the review and application pages are read far more often than their status is changed.
 */
const StatusChangeDialog = lazy(() => import('./StatusChangeDialog.tsx').then((module) => ({ default: module.StatusChangeDialog })));

/** What the verification of the signed Domanda found (issue 43), downloaded after the header itself. */
const SignedDomandaPanel = lazy(() =>
  import('../application-wizard/SignedDomandaPanel.tsx').then((module) => ({ default: module.SignedDomandaPanel })),
);

export interface AdminApplicationHeaderProps {
  api: ApiClient;
  fund: Fund;
  organizationId: string;
  /** The admin list's query string the admin came from (?lista=…): the way back keeps its filters. */
  lista: string | undefined;
  /** Beside the way back (the application page's Excel download). */
  actions?: ReactNode;
}

/**
 * What every admin page about one application starts with: the way back to the list as the admin
 * left it, whose application it is — organisation, P.IVA (and codice fiscale), fund, current status — and the
 * status change the list offers for it, with the same dialog and machine.
 */
export function AdminApplicationHeader({ api, fund, organizationId, lista, actions }: AdminApplicationHeaderProps) {
  const organization = useQuery(organizationProfileQueries.detail(api, organizationId));
  const compilation = useQuery(applicationQueries.compilation(api, fund, organizationId));
  const headerRef = useRef<HTMLElement>(null);
  const application = compilation.data && hasApplication(compilation.data) ? compilation.data : null;
  const targets = application ? adminTargetsFrom(application.statusCode) : [];
  // The reviewers' handed-over evaluation proposes Ammissibile or Rifiutata: read only when a change may lead there.
  const decides = targets.some((code) => (EVALUATION_OUTCOMES as readonly string[]).includes(code));
  const evaluation = useQuery({ ...evaluationQueries.detail(api, application?.id ?? ''), enabled: application !== null && decides });
  const proposal = evaluation.data ? proposalOf(evaluation.data) : null;
  // After a change that leaves nothing more to change, the focus goes to these facts (with the new status).
  const statusChange = useStatusChange(api, { focusFallback: () => headerRef.current });
  const back = (
    <div className={pageActions}>
      <HrefLink href={adminListHref(lista)}>{messages.funds.backToList}</HrefLink>
      {actions}
    </div>
  );
  if (organization.isError || compilation.isError) {
    return (
      <>
        {back}
        <Alert tone="error">{m.headerFailed}</Alert>
      </>
    );
  }
  if (!organization.data || !compilation.data) {
    return (
      <>
        {back}
        <Spinner label={m.headerLoading} />
      </>
    );
  }
  const { name, pIva, codiceFiscale } = organization.data;
  return (
    <>
      {back}
      <section ref={headerRef} tabIndex={-1} className={applicationHeader} aria-label={m.headerLabel(name, fund)}>
        <dl className={headerFacts}>
          <dt className={headerTerm}>{m.organization}</dt>
          <dd className={headerDefinition}>{name}</dd>
          <dt className={headerTerm}>{m.pIva}</dt>
          <dd className={headerDefinition}>{pIva}</dd>
          {codiceFiscale && codiceFiscale !== pIva ? (
            <>
              <dt className={headerTerm}>{m.codiceFiscale}</dt>
              <dd className={headerDefinition}>{codiceFiscale}</dd>
            </>
          ) : null}
          <dt className={headerTerm}>{m.fund}</dt>
          <dd className={headerDefinition}>
            {fundTitles[fund]} ({fund})
          </dd>
          <dt className={headerTerm}>{m.status}</dt>
          <dd className={headerDefinition}>
            <span className={chip}>{statusLabel(compilation.data.statusCode)}</span>
          </dd>
        </dl>
        {application && targets.length > 0 ? (
          <Menu
            label={adminPanelMessages.changeStatusOf(fund, name)}
            trigger={adminPanelMessages.changeStatus(fund)}
            triggerClassName={menuTrigger}
            items={targets.map((code) => ({
              id: code,
              label: statusLabel(code),
              onAction: () =>
                statusChange.chooseStatus({
                  fund,
                  applicationId: application.id,
                  organizationName: name,
                  organizationId,
                  from: application.statusCode,
                  to: code,
                  proposal,
                }),
            }))}
          />
        ) : null}
      </section>
      <Suspense fallback={null}>
        <SignedDomandaPanel api={api} fund={fund} organizationId={organizationId} />
      </Suspense>
      {statusChange.dialog.request ? (
        <Suspense fallback={<Spinner label={messages.funds.opening} />}>
          <StatusChangeDialog {...statusChange.dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
