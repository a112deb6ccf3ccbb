import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANDING_TEXT_KEYS,
  DEFAULT_LANDING_TEXT_LIMITS,
  type DefaultLandingTextKey,
} from '@store/contract/tenancy/default-landing';
import { TextField } from '../../../components/form-fields';
import { useTenant } from '../../../lib/tenant';
import { useFieldError, type Form } from './section-parts';

/** The built-in text each of the default landing's own texts replaces (the field's placeholder). */
function useBuiltInText() {
  const { t } = useTranslation();
  const app = useTenant();
  const keys: Record<DefaultLandingTextKey, string> = {
    welcome: t('landing.welcome', { name: app.company.name }),
    order_here: t('landing.orderHere'),
    favorites: t('landing.favorites'),
    more_products: t('landing.moreProducts'),
    places: t('landing.places'),
    about: t('landing.about'),
    contact: t('landing.contact'),
    contact_text: t('landing.contactText'),
  };
  return (key: DefaultLandingTextKey) => keys[key];
}

/** The default landing's own texts: empty shows the built-in one (its placeholder). */
export function DefaultTextsEditor({ form }: { form: Form }) {
  const { t } = useTranslation();
  const builtIn = useBuiltInText();
  const error = useFieldError(form);
  return (
    <section className="admin-panel" aria-labelledby="landing-texts">
      <h2 id="landing-texts" className="admin-panel__title">
        {t('admin.landing.texts')}
      </h2>
      <p className="admin-page__note">{t('admin.landing.textsHint')}</p>
      <div className="admin-landing__texts" data-testid="landing-texts">
        {DEFAULT_LANDING_TEXT_KEYS.map((key) => (
          <TextField
            key={key}
            label={t(`admin.landing.text_${key}`)}
            placeholder={builtIn(key)}
            maxLength={DEFAULT_LANDING_TEXT_LIMITS[key]}
            error={error(`default_texts.${key}`)}
            {...form.register(`default_texts.${key}`)}
          />
        ))}
      </div>
    </section>
  );
}
