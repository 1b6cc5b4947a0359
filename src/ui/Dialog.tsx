import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { body, closeButton, dialog, header, modal, overlay, title as titleStyle } from './Dialog.css.ts';

export type DialogPlacement = 'center' | 'side';

export interface DialogProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The content, or a function that receives `close` (for Annulla/Conferma buttons). */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** 'side' slides in from the right edge as a drawer (narrow-screen navigation). */
  placement?: DialogPlacement;
  /** alertdialog for confirmations that interrupt; such dialogs do not close on a click outside. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: focus moves in and is trapped, Esc and the close button close it, focus returns
 * to what opened it, the page behind is inert.
 */
export function Dialog({ title, isOpen, onOpenChange, children, placement = 'center', role = 'dialog' }: DialogProps) {
  const close = () => onOpenChange(false);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={role === 'dialog'} className={overlay({ placement })}>
      <Modal className={modal({ placement })}>
        <AriaDialog role={role} className={dialog}>
          <div className={header}>
            <Heading slot="title" className={titleStyle}>
              {title}
            </Heading>
            <AriaButton className={closeButton} aria-label={messages.ui.close} onPress={close}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </AriaButton>
          </div>
          <div className={body}>{typeof children === 'function' ? children(close) : children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
