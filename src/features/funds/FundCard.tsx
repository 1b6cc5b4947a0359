import { useNavigate } from '@tanstack/react-router';
import { Suspense, useId, useState } from 'react';
import type { Call } from '../../../domain/call.ts';
import { fundTitles } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import type { Compilation } from '../../api/applications.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LazyReceiptList } from '../receipts/lazyReceiptList.ts';
import { LazyApplicantTimeline } from '../application-timeline/lazyApplicantTimeline.ts';
import { timelineCardMessages } from '../../../domain/messages/timelineCard.ts';
import { statusHasTag } from '../../../machines/application-lifecycle/transitions.ts';
import { draftWindowPhase, isIntegrationOpen } from '../../../machines/application-lifecycle/selectors.ts';
import {
  actions,
  card,
  chip,
  definition,
  facts,
  historyList,
  historyNote,
  section,
  term,
  timeline,
  timelineSummary,
} from './FundCards.css.ts';
import { fundCardActions, type FundCardAction } from './fundCardActions.ts';
import { formatItalianDate, italianDate, italianDateTime } from '../../../domain/italianDates.ts';
import { closingNotice } from '../../../domain/closingCountdown.ts';
import { callClosingMessages as c } from '../../../domain/messages/callClosing.ts';

const m = messages.funds;
const sectionTitles: Record<FundCardAction['section'], string> = {
  application: m.application,
  review: m.review,
  monitoring: m.monitoring,
};

interface FundCardProps {
  call: Call;
  compilation: Compilation;
  organizationId: string;
}

/** Spec §4 "User card on /calls": what the call says, the application's status and history, the buttons. */
export function FundCard({ call, compilation, organizationId }: FundCardProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const historyId = useId();
  // The timeline's code and data load only once the person opens it (issue 44: /calls stays light).
  const [timelineOpen, setTimelineOpen] = useState(false);
  const cardActions = fundCardActions(call.fund, compilation.statusCode, organizationId, draftWindowPhase(call, compilation, new Date()));
  const sections = (['application', 'review', 'monitoring'] as const)
    .map((name) => ({ name, actions: cardActions.filter((action) => action.section === name) }))
    .filter((group) => group.actions.length > 0);
  const showSectionTitles = sections.length > 1;
  // In integrazione: the reviewers' request waiting for documents, with its deadline if they gave one.
  const openRequest = isIntegrationOpen(compilation.statusCode) ? compilation.integrationRounds.at(-1) : undefined;
  // The last days before the call closes (issue 44): "Chiude tra 3 giorni", "Chiude oggi alle 18:00".
  const closing = closingNotice(call, new Date());

  return (
    <article className={card} aria-labelledby={headingId}>
      <h2 id={headingId}>{fundTitles[call.fund]}</h2>
      <dl className={facts}>
        <dt className={term}>{m.opensAt}</dt>
        <dd className={definition}>{italianDate(call.opensAt)}</dd>
        <dt className={term}>{m.closesAt}</dt>
        <dd className={definition}>
          {italianDate(call.closesAt)} ({call.isOpen ? m.callOpen : m.callClosed})
          {closing ? <strong>{` · ${'days' in closing ? c.inDays(closing.days) : c.today(closing.today)}`}</strong> : null}
        </dd>
        <dt className={term}>{m.endOfWorksLimit}</dt>
        <dd className={definition}>{formatItalianDate(call.endOfWorksLimit)}</dd>
        <dt className={term}>{m.status}</dt>
        <dd className={definition}>
          <span className={chip}>{compilation.status}</span>
        </dd>
        {openRequest?.deadline ? (
          <>
            <dt className={term}>{m.integrationDeadline}</dt>
            <dd className={definition}>{formatItalianDate(openRequest.deadline)}</dd>
          </>
        ) : null}
      </dl>
      {compilation.history.length > 0 ? (
        <section aria-labelledby={historyId} className={section}>
          <h3 id={historyId}>{m.history}</h3>
          <ol className={historyList}>
            {compilation.history.map((item) => (
              <li key={`${item.at}-${item.statusCode}`}>
                <time dateTime={item.at}>{italianDateTime(item.at)}</time>: {item.status}
                {item.note ? (
                  <p className={historyNote}>
                    <span className={term}>{m.historyNote}</span> {item.note}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          <details className={timeline} onToggle={(event) => setTimelineOpen(event.currentTarget.open)}>
            <summary className={timelineSummary}>{timelineCardMessages.show}</summary>
            {timelineOpen ? (
              <Suspense fallback={null}>
                <LazyApplicantTimeline applicationId={compilation.id} />
              </Suspense>
            ) : null}
          </details>
        </section>
      ) : null}
      {compilation.receipts.length > 0 ? (
        <div className={section}>
          <Suspense fallback={null}>
            <LazyReceiptList receipts={compilation.receipts} />
          </Suspense>
        </div>
      ) : null}
      {sections.map((group) => (
        <div key={group.name} className={section}>
          {showSectionTitles ? <h3>{sectionTitles[group.name]}</h3> : null}
          <div className={actions}>
            {group.actions.map((action) => (
              <Button
                key={action.label}
                variant={action.target.search.isReadOnly ? 'secondary' : 'primary'}
                aria-label={
                  showSectionTitles
                    ? `${action.label} ${sectionTitles[group.name].toLowerCase()} ${call.fund}`
                    : `${action.label} ${call.fund}`
                }
                onPress={() => void navigate(action.target)}
              >
                {action.label}
              </Button>
            ))}
            {group.name === 'monitoring' && statusHasTag(compilation.statusCode, 'monitoring') ? (
              <Link to="/monitoraggio">{m.monitoringPeriods}</Link>
            ) : null}
          </div>
        </div>
      ))}
    </article>
  );
}
