import { useId, useMemo, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { countries } from '@store/contract/countries';
import { dialCodeOptions } from '../lib/phone';
import { FieldGroup } from './form-fields';

/** Country dial code (every ISO country, +51 by default) and the number. */
export function PhoneField({
  dialCode,
  number,
  error,
  label,
}: {
  dialCode: SelectHTMLAttributes<HTMLSelectElement>;
  number: InputHTMLAttributes<HTMLInputElement>;
  error?: string;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const options = useMemo(() => dialCodeOptions(countries, i18n.language), [i18n.language]);
  const invalid = error ? true : undefined;
  return (
    <FieldGroup legend={label ?? t('auth.mobileNumber')} error={error} errorId={`${id}-error`}>
      <label className="visually-hidden" htmlFor={`${id}-code`}>
        {t('auth.dialCode')}
      </label>
      <select
        id={`${id}-code`}
        className="form-field__control form-group__code"
        aria-invalid={invalid}
        {...dialCode}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-number`}>
        {label ?? t('auth.mobileNumber')}
      </label>
      <input
        id={`${id}-number`}
        className="form-field__control form-group__grow"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        aria-invalid={invalid}
        aria-describedby={error ? `${id}-error` : undefined}
        {...number}
      />
    </FieldGroup>
  );
}
