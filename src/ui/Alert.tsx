import type { ReactNode } from 'react';
import { alert, title as titleStyle } from './Alert.css.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
}

/**
 * A message in the page. Errors interrupt screen readers (role=alert); information and
 * success wait their turn (role=status).
 */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={alert({ tone })}>
      {title ? <strong className={titleStyle}>{title}</strong> : null}
      {children}
    </div>
  );
}
