import type { ComponentProps } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';

type FormTextFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof TextField>,
  'name' | 'error' | 'form'
> & {
  form: UseFormReturn<T>;
  name: Path<T>;
};

/**
 * A `TextField` bound to the editor's form by its field's `name` (react-admin's `source`):
 * registered, and showing the error the form holds for it (the contract's or the server's).
 */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...field
}: FormTextFieldProps<T>) {
  return (
    <TextField
      {...field}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name)}
    />
  );
}
