import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '../api/client';
import { loadScreenTexts } from '../i18n';

// The prompt and its texts load only when a limited session first needs it.
const StepUpDialog = lazy(() =>
  Promise.all([import('../features/auth/components/step-up-dialog'), loadScreenTexts()]).then(
    ([m]) => ({ default: m.StepUpDialog }),
  ),
);

/**
 * Where the API client's step-up requests open the prompt (api/client.ts `requestStepUp`), one
 * at a time; the prompt's answer lets the refused calls run again, or fail as they were.
 */
export function StepUpPrompt() {
  const [open, setOpen] = useState(false);
  const resolve = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((done) => {
          resolve.current = done;
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  if (!open) return null;
  const onDone = (confirmed: boolean) => {
    setOpen(false);
    resolve.current?.(confirmed);
    resolve.current = null;
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={onDone} />
    </Suspense>
  );
}
