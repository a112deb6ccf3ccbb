import { lazy } from 'react';

// react-toastify (with the CSS it injects, about 9 KB gzip) stays out of the store front's first
// page: the container loads right after the first render, and toasts raised before it mounts
// wait in react-toastify's own queue. Lazy screens may import react-toastify directly; code that
// the first page loads (lib/, app/, the shell, the catalogue) goes through here.
const toastify = () => import('react-toastify');

export const LazyToastContainer = lazy(() =>
  toastify().then((m) => ({ default: m.ToastContainer })),
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
