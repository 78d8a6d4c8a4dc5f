import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { withOverrides } from '../../lib/cn';
import { ToastSlot } from './toaster';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** "sheet" slides up from the bottom (mobile bottom sheet); "dialog" is centred. */
  variant?: 'dialog' | 'sheet';
  className?: string;
  /** Escape and the backdrop do nothing while a step must not be interrupted (e.g. an upload). */
  dismissible?: boolean;
}

/**
 * Closes the native dialog (so the browser leaves its modal state at once) and gives focus back to the opener. The
 * order matters: while a modal dialog is open everything outside it is inert, and focusing the opener does nothing.
 */
export function closeAndRestore(dialog: HTMLDialogElement | null, opener: HTMLElement | null): void {
  if (dialog?.open) {
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }
  if (opener?.isConnected && typeof opener.focus === 'function') opener.focus({ preventScroll: true });
}

/**
 * A modal on the native <dialog>: the browser gives focus trapping, Escape, an inert background and the top
 * layer, so no focus-trap library is needed. The element that had focus when it opened gets it back when it closes,
 * whether `open` turns false or the dialog is unmounted; toasts show inside and above it.
 */
export function Dialog({ open, onClose, title, description, children, variant = 'dialog', className, dismissible = true }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Layout effects: the dialog opens before paint and closes while it is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    if (!dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => closeAndRestore(dialog, opener.current);
  }, [open]);

  if (!open) return null;

  return (
    // Escape is handled by the native cancel event; the click handler only catches clicks on the backdrop.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // React passes a nested dialog's cancel (the Plans dialog opened from a settings sheet) up its tree: Escape
        // closes the dialog it was pressed in, not the one under it too.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className={withOverrides(
        `bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 open:flex open:flex-col ${
          variant === 'sheet'
            ? 'mx-auto mb-0 mt-auto max-h-[92dvh] w-full max-w-lg rounded-t-2xl'
            : 'm-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-md rounded-2xl'
        }`,
        className,
      )}
    >
      <div className="flex shrink-0 items-start justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="text-sm text-slate-600">
              {description}
            </p>
          )}
        </div>
        {dismissible && (
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-1.5 text-slate-600 hover:bg-slate-100">
            <X className="size-5" aria-hidden />
          </button>
        )}
      </div>
      {/* Toasts show here while the dialog is open (outside it they would be inert under its backdrop), under the title. */}
      <ToastSlot kind="modal" />
      {/* The body scrolls, never the title or a toast: they keep their place whatever the body's length. */}
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
    </dialog>
  );
}
