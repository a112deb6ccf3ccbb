import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIsClient } from '../lib/use-is-client';
import { dismissShownToasts } from '../lib/toast';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal dialog: aria-modal, labelled by its title, Escape and the backdrop close
 * it, Tab stays inside, focus returns where it was. Full screen on phones (see catalog.css).
 * Toasts about the page behind close as it opens (lib/toast.ts, `dismissShownToasts`).
 */
function ModalBody({
  labelledBy,
  onClose,
  children,
  className,
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    dismissShownToasts();
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const node = dialog.current;
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || document.activeElement === node)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <div
      className="modal"
      onMouseDown={(event) => event.target === event.currentTarget && close.current()}
    >
      <div
        ref={dialog}
        className={`modal__dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        <button
          type="button"
          className="icon-button modal__close"
          onClick={() => close.current()}
          aria-label={t('catalog.close')}
        >
          <svg
            width="22"
            height="22"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}

type ModalProps = Parameters<typeof ModalBody>[0];

/**
 * A dialog over the page, in a portal on <body>: the browser's alone. The server's page (a
 * product's own URL) and its hydration have none; it opens right after.
 */
export function Modal(props: ModalProps) {
  return useIsClient() ? <ModalBody {...props} /> : null;
}
