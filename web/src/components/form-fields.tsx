import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';

type FieldShellProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
};

/** Label, control and its error message, tied together for screen readers. */
function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  const errorText = useErrorText();
  return (
    <div
      className={`form-field${error ? ' form-field--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The id a field's label points at (the given one, else a generated one) and the attributes that
 * tie its control to the label, the error and the hint: the same for every kind of control.
 */
function useControlWiring(givenId: string | undefined, error?: string, hint?: string) {
  const generated = useId();
  const id = givenId ?? generated;
  return {
    id,
    control: {
      id,
      className: 'form-field__control',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    },
  };
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
  hint?: string;
};

export function TextField({
  label,
  error,
  hint,
  id: givenId,
  className,
  ...input
}: TextFieldProps) {
  const { id, control } = useControlWiring(givenId, error, hint);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <input {...control} {...input} />
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string;
  hint?: string;
};

/** A text of several lines (a description), laid out and announced as `TextField` is. */
export function TextAreaField({
  label,
  error,
  hint,
  id: givenId,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const { id, control } = useControlWiring(givenId, error, hint);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <textarea {...control} {...textarea} />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  error,
  hint,
  id: givenId,
  className,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const { id, control } = useControlWiring(givenId, error, hint);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <div className="form-field__with-button">
        <input {...control} type={visible ? 'text' : 'password'} {...input} />
        <button
          type="button"
          className="form-field__toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? null : <path d="M4 4l16 16" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({
  label,
  error,
  options,
  placeholder,
  id: givenId,
  className,
  ...select
}: SelectFieldProps) {
  const { id, control } = useControlWiring(givenId, error);
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <select {...control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
};

export function CheckboxField({ label, error, id: givenId, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorText = useErrorText();
  return (
    <div className={`form-check${error ? ' form-check--error' : ''}`}>
      <div className="form-check__row">
        <input
          id={id}
          type="checkbox"
          className="form-check__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <label htmlFor={id} className="form-check__label">
          {label}
        </label>
      </div>
      {error ? (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** General messages of a form (non-field errors, the failure fallback), announced when they appear. */
export function FormAlert({
  messages,
  tone = 'error',
}: {
  messages: readonly string[];
  tone?: 'error' | 'info';
}) {
  const errorText = useErrorText();
  if (!messages.length) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role="alert">
      {messages.map((message) => (
        <p key={message}>{errorText(message)}</p>
      ))}
    </div>
  );
}

/** A group of controls (birthdate, phone) under one legend, with one error. */
export function FieldGroup({
  legend,
  error,
  children,
  errorId,
}: {
  legend: ReactNode;
  error?: string;
  children: ReactNode;
  errorId: string;
}) {
  const errorText = useErrorText();
  return (
    <fieldset
      className={`form-group${error ? ' form-group--error' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="form-field__label">{legend}</legend>
      <div className="form-group__row">{children}</div>
      {error ? (
        <p className="form-field__error" id={errorId} role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A form's full-width main button: disabled, and saying `busyText`, while the form is sent. */
export function SubmitButton({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}
