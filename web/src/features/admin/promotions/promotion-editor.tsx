import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type AdminPromotion } from '@store/contract/admin/promotions';
import { ApiError } from '../../../api/client';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { PromotionCard } from '../../../components/promotion-card';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { ImageUpload } from '../media/image-upload';
import { usePromotion } from './api/get-promotion';
import { useSavePromotion } from './api/save-promotion';
import { KINDS, useCompanyPrograms } from './shared';
import { EditorLoad, SaveButton } from '../shell/editor-frame';
import '../../../styles/programs.css';
import {
  fields,
  previewOf,
  resolverFor,
  toBody,
  toForm,
  VALUE_FIELD,
  type Form,
  type Place,
} from './promotion-form';

/** /admin/promotions/new and /admin/promotions/{uid}. */
export function PromotionEditorPage({ uid: given, places }: { uid?: null; places: Place[] }) {
  const params = useParams();
  const uid = given === null ? null : (params.uid ?? '');
  if (uid === null) return <Editor promotion={null} places={places} />;
  return <ExistingPromotion uid={uid} places={places} />;
}

function ExistingPromotion({ uid, places }: { uid: string; places: Place[] }) {
  const { t } = useTranslation();
  const query = usePromotion(uid);
  return (
    <EditorLoad
      query={query}
      notFound={t('admin.promotions.notFound')}
      back={{ to: '/admin/promotions', label: t('admin.promotions.back') }}
    >
      {(promotion) => (
        <Editor
          key={promotion.version}
          promotion={promotion}
          places={places}
          onReload={() => void query.refetch()}
        />
      )}
    </EditorLoad>
  );
}

function Editor({
  promotion,
  places,
  onReload,
}: {
  promotion: AdminPromotion | null;
  places: Place[];
  onReload?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const programs = useCompanyPrograms();
  const save = useSavePromotion();
  const version = promotion?.version ?? null;
  const resolver = useMemo(() => resolverFor(version), [version]);
  const form = useForm<Form>({
    defaultValues: toForm(promotion, programs[0]?.uid ?? ''),
    resolver,
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    fields,
    'admin.promotions.saveError',
  );
  const e = form.formState.errors;
  const err = (m?: string) => (m ? (m.startsWith('admin.promotions.') ? t(m) : tm(m)) : undefined);
  const values = form.watch();
  // A new form opened before the programs arrived takes the first one when they do.
  if (!values.program && programs[0]) form.setValue('program', programs[0].uid);
  const valueField = VALUE_FIELD[values.kind];
  const conflict = save.error instanceof ApiError && save.error.status === 409;

  const submit = form.handleSubmit(async (v) => {
    setGeneral([]);
    try {
      const body = toBody(v, version);
      await save.mutateAsync(
        promotion
          ? { uid: promotion.uid, body: body as never }
          : { uid: null, body: body as never },
      );
      toast.success(promotion ? t('admin.promotions.saved') : t('admin.promotions.created'));
      navigate('/admin/promotions');
    } catch (error) {
      showError(error);
    }
  });

  const togglePlace = (uid: string, on: boolean) =>
    form.setValue('places', on ? [...values.places, uid] : values.places.filter((p) => p !== uid), {
      shouldDirty: true,
    });

  return (
    <div className="admin-page admin-promotion">
      <Link className="admin-back" to="/admin/promotions">
        ← {t('admin.promotions.back')}
      </Link>
      <h1 className="admin-page__title">
        {promotion ? promotion.name : t('admin.promotions.new')}
      </h1>
      <div className="admin-promotion__layout">
        <form className="admin-promotion__form" onSubmit={submit} noValidate>
          <FormAlert messages={general.map((m) => err(m)!)} />
          {conflict && onReload ? (
            <button type="button" className="button" onClick={onReload}>
              {t('admin.promotions.reload')}
            </button>
          ) : null}
          <fieldset className="admin-panel">
            <legend className="admin-panel__title">{t('admin.promotions.general')}</legend>
            <SelectField
              label={t('admin.promotions.program')}
              disabled={promotion !== null}
              options={programs.map((p) => ({ value: p.uid, label: p.name }))}
              error={err(e.program?.message)}
              {...form.register('program')}
            />
            <TextField
              label={t('admin.promotions.name')}
              error={err(e.name?.message)}
              {...form.register('name')}
            />
            <SelectField
              label={t('admin.promotions.kind')}
              options={KINDS.map((k) => ({ value: k, label: t(`admin.promotions.kind_${k}`) }))}
              error={err(e.kind?.message)}
              {...form.register('kind')}
            />
            {valueField ? (
              <TextField
                key={valueField}
                label={t(`admin.promotions.${valueField}`)}
                inputMode={valueField === 'stamps_required' ? 'numeric' : 'decimal'}
                error={err(e[valueField]?.message)}
                {...form.register(valueField)}
              />
            ) : (
              <p className="admin-hint">{t('admin.promotions.giftHint')}</p>
            )}
            <label className="form-field">
              <span className="form-field__label">{t('admin.promotions.description')}</span>
              <textarea
                className="form-field__control"
                rows={3}
                {...form.register('description')}
              />
            </label>
            <ImageUpload
              label={t('admin.promotions.image')}
              value={values.image}
              onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
              testId="promotion-image"
            />
          </fieldset>

          <fieldset className="admin-panel">
            <legend className="admin-panel__title">{t('admin.promotions.howToGet')}</legend>
            <TextField
              label={t('admin.promotions.coin_price')}
              inputMode="numeric"
              hint={t('admin.promotions.coinPriceHint')}
              error={err(e.coin_price?.message)}
              {...form.register('coin_price')}
            />
            <TextField
              label={t('admin.promotions.price')}
              inputMode="decimal"
              hint={t('admin.promotions.priceHint')}
              error={err(e.price?.message)}
              {...form.register('price')}
            />
            <p className="admin-hint">{t('admin.promotions.activation')}</p>
          </fieldset>

          <fieldset className="admin-panel">
            <legend className="admin-panel__title">{t('admin.promotions.limits')}</legend>
            <TextField
              label={t('admin.promotions.stock')}
              inputMode="numeric"
              hint={t('admin.promotions.stockHint', { taken: promotion?.stock_taken ?? 0 })}
              error={err(e.stock?.message)}
              {...form.register('stock')}
            />
            <TextField
              label={t('admin.promotions.limit_per_member')}
              inputMode="numeric"
              error={err(e.limit_per_member?.message)}
              {...form.register('limit_per_member')}
            />
            <TextField
              label={t('admin.promotions.max_amount')}
              inputMode="decimal"
              hint={t('admin.promotions.maxAmountHint')}
              error={err(e.max_amount?.message)}
              {...form.register('max_amount')}
            />
          </fieldset>

          <fieldset className="admin-panel">
            <legend className="admin-panel__title">{t('admin.promotions.when')}</legend>
            <TextField
              label={t('admin.promotions.starts_at')}
              type="date"
              error={err(e.starts_at?.message)}
              {...form.register('starts_at')}
            />
            <TextField
              label={t('admin.promotions.ends_at')}
              type="date"
              error={err(e.ends_at?.message)}
              {...form.register('ends_at')}
            />
            <fieldset className="admin-promotion__places" aria-describedby="promotion-places-hint">
              <legend className="form-field__label">{t('admin.promotions.places')}</legend>
              {places.map((place) => (
                <CheckboxField
                  key={place.uid}
                  label={place.name}
                  checked={values.places.includes(place.uid)}
                  onChange={(event) => togglePlace(place.uid, event.target.checked)}
                />
              ))}
              <p className="form-field__hint" id="promotion-places-hint">
                {t('admin.promotions.placesHint')}
              </p>
              {e.places?.message ? (
                <p className="form-field__error" role="alert">
                  {err(e.places.message)}
                </p>
              ) : null}
            </fieldset>
          </fieldset>

          <fieldset className="admin-panel">
            <legend className="admin-panel__title">{t('admin.promotions.audience')}</legend>
            <TextField
              label={t('admin.promotions.tags')}
              hint={t('admin.promotions.tagsHint')}
              error={err(e.tags?.message)}
              {...form.register('tags')}
            />
            <CheckboxField label={t('admin.promotions.featured')} {...form.register('featured')} />
            <CheckboxField
              label={t('admin.promotions.is_active')}
              {...form.register('is_active')}
            />
          </fieldset>

          <SaveButton
            pending={save.isPending}
            label={t('admin.promotions.save')}
            savingLabel={t('admin.promotions.saving')}
          />
        </form>

        <aside className="admin-promotion__preview" aria-labelledby="promotion-preview-title">
          <h2 id="promotion-preview-title" className="admin-panel__title">
            {t('admin.promotions.preview')}
          </h2>
          <p className="admin-hint">{t('admin.promotions.previewHint')}</p>
          <div className="promo-grid admin-promotion__card" data-testid="promotion-preview">
            <PromotionCard promotion={previewOf(values, t('admin.promotions.previewName'))} />
          </div>
        </aside>
      </div>
    </div>
  );
}
