import { useId, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { birthYears } from '../lib/birthdate';
import { FieldGroup } from './form-fields';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/** Birthdate as day / month / year selects (years 1900 to this year). */
export function BirthdateField({
  day,
  month,
  year,
  error,
  label,
}: {
  day: SelectProps;
  month: SelectProps;
  year: SelectProps;
  error?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const months = t('auth.months', { returnObjects: true }) as unknown as string[];
  const invalid = error ? true : undefined;
  return (
    <FieldGroup legend={label ?? t('auth.birthdate')} error={error} errorId={`${id}-error`}>
      <label className="visually-hidden" htmlFor={`${id}-d`}>
        {t('auth.day')}
      </label>
      <select id={`${id}-d`} className="form-field__control" aria-invalid={invalid} {...day}>
        <option value="">{t('auth.day')}</option>
        {Array.from({ length: 31 }, (_, i) => String(i + 1)).map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-m`}>
        {t('auth.month')}
      </label>
      <select id={`${id}-m`} className="form-field__control" aria-invalid={invalid} {...month}>
        <option value="">{t('auth.month')}</option>
        {months.map((name, i) => (
          <option key={name} value={String(i + 1)}>
            {name}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-y`}>
        {t('auth.year')}
      </label>
      <select id={`${id}-y`} className="form-field__control" aria-invalid={invalid} {...year}>
        <option value="">{t('auth.year')}</option>
        {birthYears().map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
    </FieldGroup>
  );
}
