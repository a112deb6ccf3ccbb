import { useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields';
import { ImageUpload } from '../media/image-upload';
import type { Block, Values } from './program-values';

// The program page's ordered lists: its sections and ads, and its levels.

/** The sections or the ads of the program page: ordered rows with title, image, link and switch. */
export function Blocks({ form, list }: { form: UseFormReturn<Values>; list: 'sections' | 'ads' }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: list });
  const errors = form.formState.errors[list] as FieldErrors<Block>[] | undefined;
  const listError = (form.formState.errors[list] as { message?: string } | undefined)?.message;
  return (
    <section className="admin-panel" data-testid={`program-${list}`}>
      <h2 className="admin-panel__title">{t(`admin.programs.${list}`)}</h2>
      <p className="admin-page__note">{t(`admin.programs.${list}Hint`)}</p>
      {listError ? <FormAlert messages={[listError]} /> : null}
      {rows.fields.map((row, i) => {
        const e = errors?.[i];
        const image = form.watch(`${list}.${i}.image`);
        return (
          <fieldset key={row.id} className="admin-program-block">
            <legend>{t(`admin.programs.${list}Item`, { n: i + 1 })}</legend>
            <TextField
              label={t('admin.programs.blockTitle')}
              error={e?.title?.message ?? e?.uid?.message}
              {...form.register(`${list}.${i}.title`)}
            />
            <TextField
              label={t('admin.programs.blockLink')}
              hint={t('admin.programs.blockLinkHint')}
              error={e?.link?.message}
              {...form.register(`${list}.${i}.link`)}
            />
            <ImageUpload
              label={t('admin.programs.blockImage')}
              value={image}
              onChange={(url) => form.setValue(`${list}.${i}.image`, url, { shouldDirty: true })}
            />
            {e?.image?.message ? <FormAlert messages={[e.image.message]} /> : null}
            <CheckboxField
              label={t('admin.programs.blockActive')}
              {...form.register(`${list}.${i}.is_active`)}
            />
            <div className="admin-program-block__actions">
              <button
                type="button"
                className="button button--small"
                disabled={i === 0}
                onClick={() => rows.move(i, i - 1)}
              >
                {t('admin.programs.up')}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={i === rows.fields.length - 1}
                onClick={() => rows.move(i, i + 1)}
              >
                {t('admin.programs.down')}
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  if (window.confirm(t('admin.programs.confirmRemoveBlock'))) rows.remove(i);
                }}
              >
                {t('admin.programs.remove')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button"
        data-testid={`program-add-${list}`}
        onClick={() => rows.append({ title: '', image: null, link: '', is_active: true })}
      >
        {t(`admin.programs.add_${list}`)}
      </button>
    </section>
  );
}

export function Levels({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: 'levels' });
  const e = form.formState.errors.levels;
  return (
    <section className="admin-panel" data-testid="program-levels">
      <h2 className="admin-panel__title">{t('admin.programs.levels')}</h2>
      <p className="admin-page__note">{t('admin.programs.levelsHint')}</p>
      {e?.message ? <FormAlert messages={[e.message]} /> : null}
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className="admin-program-block">
          <legend>{t('admin.programs.level', { n: i + 1 })}</legend>
          <div className="admin-program-form__grid">
            <TextField
              label={t('admin.programs.levelName')}
              error={e?.[i]?.name?.message}
              {...form.register(`levels.${i}.name`)}
            />
            <TextField
              label={t('admin.programs.levelMinPoints')}
              inputMode="numeric"
              error={e?.[i]?.min_points?.message}
              {...form.register(`levels.${i}.min_points`)}
            />
          </div>
          <TextField
            label={t('admin.programs.levelBenefits')}
            error={e?.[i]?.benefits?.message}
            {...form.register(`levels.${i}.benefits`)}
          />
          <button type="button" className="button button--small" onClick={() => rows.remove(i)}>
            {t('admin.programs.remove')}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button"
        data-testid="program-add-level"
        onClick={() => rows.append({ name: '', min_points: '', benefits: '' })}
      >
        {t('admin.programs.addLevel')}
      </button>
    </section>
  );
}
