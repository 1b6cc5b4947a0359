import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { toastQueue } from './toastQueue.ts';
import { closeButton, description as descriptionStyle, region, title as titleStyle, toast } from './Toast.css.ts';

/**
 * Where notifications appear: a landmark region, reachable with F6. Loaded and mounted by `NotificationRegion`
 * when the first notification arrives.
 */
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
