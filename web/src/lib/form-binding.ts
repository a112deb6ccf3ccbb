import type { ChangeEvent, FocusEvent } from 'react';
import type {
  FieldPath,
  FieldValues,
  PathValue,
  RegisterOptions,
  UseFormReturn,
} from 'react-hook-form';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What a shared checkout control spreads onto its input, select or textarea. */
export type InputBinding = {
  name: string;
  value?: string;
  checked?: boolean;
  onChange: (event: ChangeEvent<Control>) => unknown;
  onBlur?: (event: FocusEvent<Control>) => unknown;
  ref?: (element: Control | null) => void;
};

/**
 * The form a shared checkout section writes into, whatever keeps its state: the order checkout
 * uses react-hook-form (validation on blur), the subscription checkout plain React state. The
 * sections (shipping, delivery address, payment method, comments) are written once against this.
 */
export interface FormBinding<F extends string> {
  value(field: F): string;
  error(field: F): string | undefined;
  /** Props of a text input, select or textarea holding the field. */
  input(field: F): InputBinding;
  /** Props of one radio button of the field. */
  radio(field: F, option: string): InputBinding;
  /** A value set by the page itself (a point picked on the map, the device's location). */
  set(field: F, value: string): void;
}

/** A react-hook-form form as a binding; `options` are register options of single fields. */
export function hookFormBinding<V extends FieldValues>(
  form: UseFormReturn<V>,
  values: V,
  options: { [F in FieldPath<V>]?: RegisterOptions<V, F> } = {},
): FormBinding<FieldPath<V>> {
  return {
    value: (field) => String(values[field] ?? ''),
    error: (field) => {
      const message = form.formState.errors[field]?.message;
      return typeof message === 'string' ? message : undefined;
    },
    input: (field) => form.register(field, options[field]),
    radio: (field, option) => ({ ...form.register(field, options[field]), value: option }),
    set: (field, value) =>
      form.setValue(field, value as PathValue<V, typeof field>, {
        shouldValidate: true,
        shouldDirty: true,
      }),
  };
}

/** Plain React state as a binding: every change goes through `set`. */
export function stateBinding<F extends string>(
  values: Record<F, string>,
  set: (field: F, value: string) => void,
  error: (field: F) => string | undefined,
): FormBinding<F> {
  return {
    value: (field) => values[field],
    error,
    input: (field) => ({
      name: field,
      value: values[field],
      onChange: (event) => set(field, event.target.value),
    }),
    radio: (field, option) => ({
      name: field,
      value: option,
      checked: values[field] === option,
      onChange: () => set(field, option),
    }),
    set,
  };
}
