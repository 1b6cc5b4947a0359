import type { TimelineEvent } from '../../../domain/applicationTimeline.ts';
import { italianDateTime } from '../../../domain/italianDates.ts';
import { detail, item, list, meta, title } from './Timeline.css.ts';

/** The events of an application, oldest first: when and who, what happened, its details (texts the server wrote). */
export function TimelineList({ events, label }: { events: readonly TimelineEvent[]; label: string }) {
  return (
    <ol className={list} aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className={item} data-kind={event.kind}>
          <p className={meta}>
            <time dateTime={event.at}>{italianDateTime(event.at)}</time>
            {event.actor ? ` — ${event.actor}` : ''}
          </p>
          <p className={title}>{event.title}</p>
          {event.details.map((line) => (
            <p key={line} className={detail}>
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
