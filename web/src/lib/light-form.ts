import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ErrorOption, FieldError, Resolver, UseFormSetError } from 'react-hook-form';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Errors<V> = Partial<Record<keyof V & string, FieldError>>;

/** What `register` spreads on a field: its name, value at first and how it reports changes. */
export type LightFieldProps = {
  name: string;
  defaultValue: string | undefined;
  ref: (element: Control | null) => void;
  onChange: () => void;
};

/**
 * A form of a few text fields and selects, with react-hook-form's surface where the sign-in forms
 * use it (`register`, `handleSubmit`, `setError`, `formState.errors`, a resolver) and its
 * behaviour: validated on submit, then again on each change; the first field in error takes the
 * focus. It exists for /login, a first page (bench/bundle-budget.ts): react-hook-form itself is
 * about 15 KB gzip, a tenth of the page, for two fields. Forms with more to them use the library.
 */
export function useLightForm<V extends Record<string, string | undefined>, O>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<V, unknown, O>;
  defaultValues: V;
}) {
  const controls = useRef(new Map<string, Control>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<V>>({});
  // The first render's defaults; the latest resolver (a form's rules may change with its state).
  const [defaults] = useState(defaultValues);
  const currentResolver = useRef(resolver);
  currentResolver.current = resolver;

  const resolve = useCallback(async () => {
    const values: Record<string, string | undefined> = { ...defaults };
    for (const [name, control] of controls.current) values[name] = control.value;
    return currentResolver.current(values as V, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
  }, [defaults]);

  const register = useCallback(
    (name: keyof V & string): LightFieldProps => ({
      name,
      defaultValue: defaults[name],
      ref: (control) => {
        if (control) controls.current.set(name, control);
        else controls.current.delete(name);
      },
      // After a submit, each change checks the form again and updates that field's message.
      onChange: () => {
        if (!submitted.current) return;
        void resolve().then((result) => {
          const error = (result.errors as Errors<V>)[name];
          setErrors((current) => {
            const next = { ...current };
            if (error) next[name] = error;
            else delete next[name];
            return next;
          });
        });
      },
    }),
    [defaults, resolve],
  );

  const handleSubmit = useCallback(
    (onValid: (values: O) => Promise<unknown> | unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await resolve();
      const found = result.errors as Errors<V>;
      setErrors(found);
      const first = [...controls.current.keys()].find((name) => found[name]);
      if (first) {
        controls.current.get(first)?.focus();
        return;
      }
      await onValid(result.values as O);
    },
    [resolve],
  );

  const setError = useCallback<UseFormSetError<V>>(
    (name: string, error: ErrorOption) =>
      setErrors((current) => ({
        ...current,
        [name]: { type: error.type ?? 'server', message: error.message },
      })),
    [],
  );

  const formState = useMemo(() => ({ errors }), [errors]);
  return { register, handleSubmit, setError, formState };
}
