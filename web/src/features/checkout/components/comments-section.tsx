import { useTranslation } from 'react-i18next';
import type { FormBinding } from '../form/form-binding';
import { CheckoutSection } from './checkout-section';

/** The order's free-text comments, in a section of their own. */
export function CommentsSection({ id, binding }: { id: string; binding: FormBinding<'comments'> }) {
  const { t } = useTranslation();
  return (
    <CheckoutSection id={id} title={t('checkout.comments')}>
      <div className="form-field">
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {t('checkout.comments')}
        </label>
        <textarea
          id={`${id}-input`}
          className="form-field__control checkout-comments"
          rows={3}
          maxLength={1000}
          placeholder={t('checkout.commentsHint')}
          {...binding.input('comments')}
        />
      </div>
    </CheckoutSection>
  );
}
