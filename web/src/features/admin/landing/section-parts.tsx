import { useState } from 'react';
import { get, useFieldArray, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANDING_LIMITS } from '@store/contract/admin/landing';
import { ConfirmInline } from '../../../components/confirm-inline';
import { CheckboxField, SelectField, TextField } from '../../../components/form-fields';
import { RichText } from '../branding/rich-text';
import { ImageUpload } from '../media/image-upload';
import type { Draft } from './draft';

// The pieces a landing section's editor is made of: its buttons, cards and images, each a list
// with a remove button that asks first.

export type Form = UseFormReturn<Draft>;

/** The first message of a field, wherever it sits in the draft. */
export function useFieldError(form: Form) {
  return (path: string) =>
    (get(form.formState.errors, path) as FieldError | undefined)?.message ?? undefined;
}

/** A remove button that asks first (inline), as every destructive action of the back office. */
export function RemoveButton({
  label,
  question,
  onRemove,
}: {
  label: string;
  question: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <ConfirmInline
        className="admin-landing__confirm"
        question={question}
        yes={t('admin.landing.yes')}
        no={t('admin.landing.no')}
        busy={false}
        onYes={onRemove}
        onNo={() => setAsking(false)}
      />
    );
  return (
    <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
      {label}
    </button>
  );
}

/** A section's buttons, or a card's (the same fields, the same limit). */
export function ButtonsEditor({
  form,
  base,
}: {
  form: Form;
  base: `sections.${number}` | `sections.${number}.cards.${number}`;
}) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const list = useFieldArray({ control: form.control, name: `${base}.buttons`, keyName: 'key' });
  return (
    <fieldset className="admin-landing__group">
      <legend>{t('admin.landing.buttons')}</legend>
      {err(`${base}.buttons`) ? (
        <p className="form-field__error" role="alert">
          {err(`${base}.buttons`)}
        </p>
      ) : null}
      {list.fields.map((field, j) => (
        <div key={field.key} className="admin-landing__item" data-testid="landing-button">
          <p className="admin-landing__item-title">{t('admin.landing.button', { n: j + 1 })}</p>
          <TextField
            label={t('admin.landing.buttonText')}
            error={err(`${base}.buttons.${j}.tittle`)}
            {...form.register(`${base}.buttons.${j}.tittle`)}
          />
          <TextField
            label={t('admin.landing.buttonLink')}
            error={err(`${base}.buttons.${j}.link`)}
            inputMode="url"
            {...form.register(`${base}.buttons.${j}.link`)}
          />
          <RemoveButton
            label={t('admin.landing.remove')}
            question={t('admin.landing.confirmRemoveItem', {
              name: t('admin.landing.button', { n: j + 1 }),
            })}
            onRemove={() => list.remove(j)}
          />
        </div>
      ))}
      {list.fields.length < LANDING_LIMITS.buttons ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => list.append({ uid: crypto.randomUUID(), tittle: '', link: '' })}
        >
          {t('admin.landing.addButton')}
        </button>
      ) : null}
    </fieldset>
  );
}

export function CardsEditor({
  form,
  base,
  withImage,
}: {
  form: Form;
  base: `sections.${number}`;
  withImage: boolean;
}) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const list = useFieldArray({ control: form.control, name: `${base}.cards`, keyName: 'key' });
  return (
    <fieldset className="admin-landing__group">
      <legend>{t('admin.landing.cards')}</legend>
      <p className="admin-page__note">{t('admin.landing.cardsHint')}</p>
      {err(`${base}.cards`) ? (
        <p className="form-field__error" role="alert">
          {err(`${base}.cards`)}
        </p>
      ) : null}
      {list.fields.map((field, j) => {
        const path = `${base}.cards.${j}` as const;
        const name = form.watch(`${path}.tittle`) || t('admin.landing.card', { n: j + 1 });
        return (
          <div key={field.key} className="admin-landing__item" data-testid="landing-card">
            <p className="admin-landing__item-title">{t('admin.landing.card', { n: j + 1 })}</p>
            <CheckboxField
              label={t('admin.landing.active')}
              {...form.register(`${path}.is_active`)}
            />
            <TextField
              label={t('admin.landing.cardTitle')}
              error={err(`${path}.tittle`)}
              {...form.register(`${path}.tittle`)}
            />
            <TextField
              label={t('admin.landing.cardSubtitle')}
              error={err(`${path}.subtittle`)}
              {...form.register(`${path}.subtittle`)}
            />
            <RichText
              label={t('admin.landing.content')}
              value={form.watch(`${path}.content`)}
              onChange={(html) =>
                form.setValue(`${path}.content`, html === '<p></p>' ? '' : html, {
                  shouldDirty: true,
                })
              }
            />
            <TextField
              label={t('admin.landing.cardColor')}
              error={err(`${path}.color`)}
              {...form.register(`${path}.color`)}
            />
            {withImage ? (
              <>
                <ImageUpload
                  label={t('admin.landing.cardImage')}
                  value={form.watch(`${path}.image`) || null}
                  onChange={(url) =>
                    form.setValue(`${path}.image`, url ?? '', { shouldDirty: true })
                  }
                />
                {err(`${path}.image`) ? (
                  <p className="form-field__error" role="alert">
                    {err(`${path}.image`)}
                  </p>
                ) : null}
                <SelectField
                  label={t('admin.landing.imageSide')}
                  options={(['LEFT', 'RIGHT'] as const).map((side) => ({
                    value: side,
                    label: t(`admin.landing.side_${side}`),
                  }))}
                  {...form.register(`${path}.side`)}
                />
              </>
            ) : null}
            <ButtonsEditor form={form} base={path} />
            <RemoveButton
              label={t('admin.landing.remove')}
              question={t('admin.landing.confirmRemoveItem', { name })}
              onRemove={() => list.remove(j)}
            />
          </div>
        );
      })}
      {list.fields.length < LANDING_LIMITS.cards ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            list.append({
              uid: crypto.randomUUID(),
              is_active: true,
              tittle: '',
              subtittle: '',
              content: '',
              color: '',
              buttons: [],
              image: '',
              side: 'LEFT',
            })
          }
        >
          {t('admin.landing.addCard')}
        </button>
      ) : null}
    </fieldset>
  );
}

export function ImagesEditor({ form, base }: { form: Form; base: `sections.${number}` }) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const list = useFieldArray({ control: form.control, name: `${base}.images`, keyName: 'key' });
  return (
    <fieldset className="admin-landing__group">
      <legend>{t('admin.landing.images')}</legend>
      <p className="admin-page__note">{t('admin.landing.imagesHint')}</p>
      {err(`${base}.images`) ? (
        <p className="form-field__error" role="alert">
          {err(`${base}.images`)}
        </p>
      ) : null}
      {list.fields.map((field, j) => {
        const path = `${base}.images.${j}` as const;
        return (
          <div key={field.key} className="admin-landing__item" data-testid="landing-image">
            <ImageUpload
              label={t('admin.landing.image', { n: j + 1 })}
              value={form.watch(`${path}.image`) || null}
              onChange={(url) => form.setValue(`${path}.image`, url ?? '', { shouldDirty: true })}
            />
            {err(`${path}.image`) ? (
              <p className="form-field__error" role="alert">
                {err(`${path}.image`)}
              </p>
            ) : null}
            <TextField
              label={t('admin.landing.imageLink')}
              inputMode="url"
              error={err(`${path}.link`)}
              {...form.register(`${path}.link`)}
            />
            <CheckboxField
              label={t('admin.landing.active')}
              {...form.register(`${path}.is_active`)}
            />
            <RemoveButton
              label={t('admin.landing.remove')}
              question={t('admin.landing.confirmRemoveItem', {
                name: t('admin.landing.image', { n: j + 1 }),
              })}
              onRemove={() => list.remove(j)}
            />
          </div>
        );
      })}
      {list.fields.length < LANDING_LIMITS.images ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            list.append({ uid: crypto.randomUUID(), image: '', link: '', is_active: true })
          }
        >
          {t('admin.landing.addImage')}
        </button>
      ) : null}
    </fieldset>
  );
}
