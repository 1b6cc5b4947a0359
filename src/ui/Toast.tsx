import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { closeButton, description as descriptionStyle, region, title as titleStyle, toast } from './Toast.css.ts';

export type ToastTone = 'success' | 'error' | 'info';

export interface Notification {
  tone: ToastTone;
  title: string;
  description?: string;
}

/**
 * One queue for the whole app, so a notification survives the navigation that usually follows it
 * ("Organizzazione registrata", then /calls).
 */
export const toastQueue = new ToastQueue<Notification>({ maxVisibleToasts: 3 });

/** Long enough to read twice; the timer pauses while the pointer or the focus is on the toast. */
const SUCCESS_TIMEOUT_MS = 8000;

/** Shows a notification (spec §8). Errors stay until closed: a person must not miss why something failed. */
export function notify(notification: Notification): () => void {
  const key = toastQueue.add(notification, notification.tone === 'error' ? {} : { timeout: SUCCESS_TIMEOUT_MS });
  return () => toastQueue.close(key);
}

/** Where notifications appear; mounted once in the layout. A landmark region, reachable with F6. */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className={region} aria-label={messages.ui.notifications}>
      {({ toast: queued }) => (
        <AriaToast toast={queued} className={toast({ tone: queued.content.tone })}>
          <ToastContent>
            <Text slot="title" className={titleStyle}>
              {queued.content.title}
            </Text>
            {queued.content.description ? (
              <Text slot="description" className={descriptionStyle}>
                {queued.content.description}
              </Text>
            ) : null}
          </ToastContent>
          <AriaButton slot="close" className={closeButton} aria-label={messages.ui.close}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
