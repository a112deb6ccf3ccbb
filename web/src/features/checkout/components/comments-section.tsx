import { useTranslation } from 'react-i18next';
import type { FormBinding } from '../form/form-binding';

/** The order's free-text comments, in a section of their own. */
export function CommentsSection({ id, binding }: { id: string; binding: FormBinding<'comments'> }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} className="checkout-section__title">
        {t('checkout.comments')}
      </h2>
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
    </section>
  );
}
