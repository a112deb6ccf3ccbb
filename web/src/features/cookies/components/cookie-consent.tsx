import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ALL_COOKIES,
  DEFAULT_CONSENT,
  NECESSARY_ONLY,
  enforceStoredConsent,
  needsConsent,
  onOpenCookieSettings,
  readConsent,
  saveConsent,
  type CookieConsent as Consent,
} from '../consent';

function Switch({
  label,
  text,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  text: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <label htmlFor={id} className="switch-row__label">
          {label}
        </label>
        <p id={`${id}-text`} className="switch-row__help">
          {text}
        </p>
      </div>
      <input
        id={id}
        className="switch"
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-text`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
      />
    </div>
  );
}

const subscribeNothing = () => () => undefined;

/**
 * Cookie banner with a configuration dialog. Rejecting weighs as much as accepting (same button,
 * same place), and the optional cookies start off in the settings: consent is given, not assumed.
 */
export function CookieConsentBanner() {
  const { t } = useTranslation();
  // The choice lives on this device: the server's page (and its hydration) has no banner, which
  // shows right after for a visitor who has not chosen yet.
  const asked = useSyncExternalStore(subscribeNothing, needsConsent, () => false);
  const [answered, setAnswered] = useState(false);
  const visible = asked && !answered;
  const [choices, setChoices] = useState<Consent>(() => readConsent() ?? DEFAULT_CONSENT);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    enforceStoredConsent();
    return onOpenCookieSettings(() => {
      setChoices(readConsent() ?? DEFAULT_CONSENT);
      dialogRef.current?.showModal();
    });
  }, []);

  const accept = (consent: Consent) => {
    saveConsent(consent);
    dialogRef.current?.close();
    setAnswered(true);
  };

  return (
    <>
      {visible ? (
        <section className="cookie-banner" aria-labelledby={`${titleId}-banner`}>
          <div className="cookie-banner__text">
            <h2 id={`${titleId}-banner`} className="cookie-banner__title">
              {t('cookies.bannerTitle')}
            </h2>
            <p>
              {t('cookies.bannerText')} <Link to="/cookies/">{t('cookies.policy')}</Link>
            </p>
          </div>
          <div className="cookie-banner__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => dialogRef.current?.showModal()}
            >
              {t('cookies.configure')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => accept(NECESSARY_ONLY)}
            >
              {t('cookies.reject')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => accept(ALL_COOKIES)}
            >
              {t('cookies.accept')}
            </button>
          </div>
        </section>
      ) : null}
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId}>
        <form
          method="dialog"
          className="dialog__body"
          onSubmit={(event) => {
            event.preventDefault();
            accept(choices);
          }}
        >
          <div className="dialog__head">
            <h2 id={titleId} className="dialog__title">
              {t('cookies.dialogTitle')}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('cookies.close')}
              onClick={() => dialogRef.current?.close()}
            >
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <Switch
            label={t('cookies.necessary')}
            text={t('cookies.necessaryText')}
            checked
            disabled
          />
          <Switch
            label={t('cookies.analytics')}
            text={t('cookies.analyticsText')}
            checked={choices.ga}
            onChange={(ga) => setChoices((c) => ({ ...c, ga }))}
          />
          <Switch
            label={t('cookies.guid')}
            text={t('cookies.guidText')}
            checked={choices.guid}
            onChange={(guid) => setChoices((c) => ({ ...c, guid }))}
          />
          <div className="dialog__actions">
            <button type="submit" className="button button--primary">
              {t('cookies.save')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
