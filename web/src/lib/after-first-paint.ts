import { useEffect, useState } from 'react';

/**
 * Preact (issue 20) renders a tree in one task, where React sliced the first render into pieces
 * of about 5 ms: a whole page built at once was one long task on a slow phone (Total Blocking
 * Time). Parts of the first page that wait for this hook are built in a later task, after the
 * browser has painted the rest; once the first page has painted they render at once.
 */
let firstPaintDone = false;

function afterNextPaint(run: () => void): () => void {
  // A tab opened in the background paints no frame (and runs no animation frame) until shown.
  if (document.visibilityState === 'hidden') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** False while the first page's first paint is pending, then true for good. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(firstPaintDone);
  useEffect(() => {
    if (ready) return;
    return afterNextPaint(() => {
      firstPaintDone = true;
      setReady(true);
    });
  }, [ready]);
  return ready;
}
