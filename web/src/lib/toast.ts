import { createElement, lazy } from 'react';
import type { ToastContainerProps } from 'react-toastify';

// react-toastify (with the CSS it injects, about 9 KB gzip) stays out of the store front's first
// page: the container loads right after the first render, and toasts raised before it mounts
// wait in react-toastify's own queue. Lazy screens may import react-toastify directly; code that
// the first page loads (lib/, app/, the shell, the catalogue) goes through here.
const toastify = () => import('react-toastify');

// Toasts zoom in where they stay: the default bounce rose from below the screen and, for its
// first half second, crossed the sticky 'Ver carrito' bar the shopper taps right after adding a
// product (seen under load, issue 38).
export const LazyToastContainer = lazy(() =>
  toastify().then((m) => ({
    default: (props: ToastContainerProps) =>
      createElement(m.ToastContainer, { transition: m.Zoom, ...props }),
  })),
);

export function toastError(message: string): void {
  void toastify().then((m) => m.toast.error(message));
}

/** An informative toast; one `id` is shown once however often it is raised. */
export function toastInfo(message: string, id?: string): void {
  void toastify().then((m) => m.toast.info(message, { toastId: id }));
}

export function toastSuccess(message: string): void {
  void toastify().then((m) => m.toast.success(message));
}

/**
 * Closes the toasts on the screen now; one still being raised is left to show. A dialog calls it
 * as it opens: on a phone the dialog fills the screen, and a toast about the page behind lay at
 * the bottom over the dialog's own button ("¡Canje realizado!" over "Confirmar canje", issue 38;
 * that a leaving toast takes no press is styles/index.css's part). Inside an aria-modal dialog a
 * toast cannot be reached by keyboard either. The toasts are read off the page because
 * react-toastify lists them to its container only; its toasts carry their id.
 */
export function dismissShownToasts(): void {
  const shown = Array.from(document.querySelectorAll('.Toastify__toast'), (node) => node.id);
  if (shown.length === 0) return;
  void toastify().then(({ toast }) => shown.filter(Boolean).forEach((id) => toast.dismiss(id)));
}
