import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSearchParamsLatest } from './use-search-params';

const PARAM = 'product';

/**
 * The product whose popup is open, kept in the address (`?product=<uid>`), so the phone's back
 * button closes the popup instead of leaving the store, and a reload reopens it. Opening pushes a
 * history entry; closing goes back over it (or drops the parameter when the page was opened
 * with it, so closing never leaves the site).
 */
export function useOpenProduct(): {
  openUid: string | null;
  open: (uid: string) => void;
  close: () => void;
} {
  const [params, setParams] = useSearchParamsLatest();
  const location = useLocation();
  const navigate = useNavigate();
  const pushedHere = (location.state as { productPopup?: boolean } | null)?.productPopup === true;

  const open = useCallback(
    (uid: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PARAM, uid);
          return next;
        },
        { state: { productPopup: true } },
      ),
    [setParams],
  );
  const close = useCallback(() => {
    if (pushedHere) {
      void navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [navigate, pushedHere, setParams]);

  return { openUid: params.get(PARAM), open, close };
}
