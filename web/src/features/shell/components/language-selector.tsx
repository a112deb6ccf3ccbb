import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../../../i18n';

/** Dropdown with Español (es) and English (en). */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? i18n.resolvedLanguage
    : 'es';
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('menu.language')}
      </label>
      <select
        id={id}
        className="field__control"
        value={current}
        onChange={(event) => changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
