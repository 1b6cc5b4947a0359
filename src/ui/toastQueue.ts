import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastTone = 'success' | 'error' | 'info';

export interface Notification {
  tone: ToastTone;
  title: string;
  description?: string;
}

/**
 * One queue for the whole app, so a notification survives the navigation that usually follows it
 * ("Organizzazione registrata", then /calls). The region that shows it (`Toast.tsx`) is loaded with the first one.
 */
export const toastQueue = new ToastQueue<Notification>({ maxVisibleToasts: 3 });

/** Long enough to read twice; the timer pauses while the pointer or the focus is on the toast. */
const SUCCESS_TIMEOUT_MS = 8000;

/** Shows a notification (spec §8). Errors stay until closed: a person must not miss why something failed. */
export function notify(notification: Notification): () => void {
  const key = toastQueue.add(notification, notification.tone === 'error' ? {} : { timeout: SUCCESS_TIMEOUT_MS });
  return () => toastQueue.close(key);
}
