import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './form-fields';

type NameField = 'first_name' | 'last_name';

/**
 * A member's first and last names side by side, as the sign-up, the profile and the completion of
 * a profile ask them; `ask` leaves out a name the form does not ask for, and the row without both.
 */
export function PersonNameFields({
  register,
  errorOf,
  ask = { first_name: true, last_name: true },
}: {
  register: (name: NameField) => UseFormRegisterReturn<NameField>;
  errorOf: (name: NameField) => string | undefined;
  ask?: Record<NameField, boolean>;
}) {
  const { t } = useTranslation();
  if (!ask.first_name && !ask.last_name) return null;
  return (
    <div className="form-row">
      {ask.first_name ? (
        <TextField
          label={t('auth.firstName')}
          autoComplete="given-name"
          error={errorOf('first_name')}
          {...register('first_name')}
        />
      ) : null}
      {ask.last_name ? (
        <TextField
          label={t('auth.lastName')}
          autoComplete="family-name"
          error={errorOf('last_name')}
          {...register('last_name')}
        />
      ) : null}
    </div>
  );
}
