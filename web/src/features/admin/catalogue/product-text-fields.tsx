import { useTranslation } from 'react-i18next';
import type { Path, UseFormReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/form-fields';

type ProductText = { title: string; short_description: string; description: string };

/**
 * A product's words, the same in the catalogue's quick editor and on the product's page: its
 * name, short description and description, each registered and showing the form's error.
 */
export function ProductTextFields<T extends ProductText>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const bound = (name: keyof ProductText) => ({
    error: form.getFieldState(name as Path<T>, form.formState).error?.message,
    ...form.register(name as Path<T>),
  });
  return (
    <>
      <TextField label={t('admin.catalogue.name')} {...bound('title')} />
      <TextField label={t('admin.catalogue.shortDescription')} {...bound('short_description')} />
      <TextAreaField label={t('admin.catalogue.description')} rows={5} {...bound('description')} />
    </>
  );
}
