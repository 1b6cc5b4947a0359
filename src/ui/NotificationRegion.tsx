import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastQueue } from './toastQueue.ts';

const ToastRegion = lazy(() => import('./Toast.tsx').then((module) => ({ default: module.ToastRegion })));

const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/**
 * Mounted once in the layout: the toast region (react-aria's toasts) is downloaded and shown with the first
 * notification and then stays, so later ones and the closing of the last one behave as react-aria's region does.
 * A notification is a `role="alert"`, announced when it is inserted, so the region appearing with it is heard.
 */
export function NotificationRegion() {
  const showing = useSyncExternalStore(subscribe, hasToasts);
  const [mounted, setMounted] = useState(showing);
  if (showing && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
