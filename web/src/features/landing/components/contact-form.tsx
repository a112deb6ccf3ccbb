import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/toast';
import { storageKeys } from '@store/contract/constants';
import { storage } from '../../../lib/storage';
import { TextField } from '../../../components/form-fields';
import { chatUrl, contactMessage, isSmallMobile, isValidEmail } from '../landing-logic';

type Field = 'name' | 'email' | 'message';
const keys: Record<Field, string> = {
  name: storageKeys.landingName,
  email: storageKeys.landingEmail,
  message: storageKeys.landingMessage,
};

/**
 * 'Contáctanos': drafts go to local storage as typed and are cleared when the landing loads; the
 * email is checked on every change; a valid one opens the chat with a prefilled greeting.
 */
export function ContactForm({ companyName, whatsapp }: { companyName: string; whatsapp: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '' });
  const [emailTouched, setEmailTouched] = useState(false);
  const emailValid = isValidEmail(values.email);

  useEffect(() => {
    for (const key of Object.values(keys)) storage.remove(key);
  }, []);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    storage.set(keys[field], value);
    if (field === 'email') setEmailTouched(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmailTouched(true);
    if (!emailValid) {
      toastError(t('landing.invalidEmail'));
      return;
    }
    const text = contactMessage({ companyName, site: window.location.origin, ...values });
    window.open(
      chatUrl(whatsapp, text, isSmallMobile(window.innerWidth, window.innerHeight)),
      '_blank',
      'noopener,noreferrer',
    );
  };

  const showEmailError = emailTouched && !emailValid;
  return (
    <form className="landing-contact" onSubmit={submit} noValidate>
      <TextField
        label={t('landing.name')}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => change('name', e.target.value)}
      />
      <TextField
        label={
          <>
            {t('landing.email')}{' '}
            <span className="required-marker" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden"> ({t('landing.required')})</span>
          </>
        }
        name="email"
        type="email"
        autoComplete="email"
        required
        error={showEmailError ? t('landing.invalidEmail') : undefined}
        value={values.email}
        onChange={(e) => change('email', e.target.value)}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-message`}>
          {t('landing.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="form-field__control"
          name="message"
          rows={4}
          value={values.message}
          onChange={(e) => change('message', e.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary">
        {t('landing.send')}
      </button>
    </form>
  );
}
