import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

type Grecaptcha = {
  render: (
    el: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (id?: number) => void;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __onRecaptchaLoad?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Loads Google's captcha script (in Spanish) once, only when an app asks for a captcha. */
function loadRecaptcha(): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise((resolve, reject) => {
    window.__onRecaptchaLoad = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha'));
    const script = document.createElement('script');
    script.id = 'recaptcha-script';
    script.src =
      'https://www.google.com/recaptcha/api.js?hl=es&render=explicit&onload=__onRecaptchaLoad';
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('captcha script failed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type RecaptchaHandle = { reset: () => void };

/** The 'No soy un robot' box; reports the solved token (or null when it expires). */
export const Recaptcha = forwardRef<
  RecaptchaHandle,
  { siteKey: string; onChange: (token: string | null) => void }
>(function Recaptcha({ siteKey, onChange }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useImperativeHandle(ref, () => ({
    reset: () => {
      if (widget.current !== null) window.grecaptcha?.reset(widget.current);
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((g) => {
        if (cancelled || !box.current || widget.current !== null) return;
        widget.current = g.render(box.current, {
          sitekey: siteKey,
          callback: (token) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return <div className="recaptcha" ref={box} />;
});
