import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The checkout's submit button: a spinner and "sending" while the order is on its way. */
export function CheckoutSubmit({
  sending,
  disabled,
  children,
}: {
  sending: boolean;
  disabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="button button--primary checkout__submit"
      disabled={sending || disabled}
      aria-disabled={sending || disabled}
    >
      {sending ? (
        <>
          <span className="loading__spinner checkout__spinner" aria-hidden="true" />{' '}
          {t('checkout.sending')}
        </>
      ) : (
        children
      )}
    </button>
  );
}
