import { useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminProduct } from '@store/contract/admin/catalogue';
import { ApiError } from '../../../api/client';
import { ConfirmInline } from '../../../components/confirm-inline';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useErrorText } from '../../../lib/error-text';
import { useAdminMe } from '../api/get-admin-me';
import { SaveBar, SaveButton } from '../shell/editor-frame';
import { ImageField } from '../shell/image-field';
import { useAdminCategories } from './api/categories';
import { useCreateProduct } from './api/create-product';
import { useAdminProduct } from './api/get-product';
import { useRemoveProduct } from './api/remove-product';
import { useSaveProduct, type ProductSave } from './api/save-product';
import { OptionGroupsEditor } from './option-groups-editor';
import { StockMovements } from './stock-movements';
import {
  formPath,
  productResolver,
  numberOrNull,
  toBody,
  valuesOf,
  type ProductValues,
} from './product-form-values';
import './product.css';
import { ProductTextFields } from './product-text-fields';

/** /admin/catalogue/products/new and /admin/catalogue/products/:uid: the whole product form. */
export function ProductPage() {
  const { t } = useTranslation();
  const { uid } = useParams();
  const isNew = uid === 'new';
  const me = useAdminMe();
  const product = useAdminProduct(isNew ? undefined : uid);
  const categories = useAdminCategories();
  const title = isNew ? t('admin.product.newTitle') : t('admin.product.editTitle');

  let body;
  if (me.isPending || categories.isPending || (!isNew && product.isPending)) body = <Loading />;
  else if (product.error instanceof ApiError && product.error.status === 404)
    body = <PageMessage title={t('admin.product.notFound')} />;
  else if (me.isError || categories.isError || product.isError || !me.data)
    body = <FormAlert messages={[t('admin.fetchError')]} />;
  else
    body = (
      <ProductForm
        // A new version (saved here or elsewhere) starts the form again from it.
        key={product.data ? `${product.data.uid}-${product.data.version}` : 'new'}
        product={product.data}
        places={me.data.places}
        categories={categories.data ?? []}
      />
    );
  return (
    <section className="product-page" aria-labelledby="product-page-title">
      <Link className="product-page__back" to="/admin/catalogue">
        {t('admin.product.back')}
      </Link>
      <h1 id="product-page-title">{title}</h1>
      {body}
      {!isNew && uid && product.data ? <StockMovements uid={uid} /> : null}
    </section>
  );
}

function ProductForm({
  product,
  places,
  categories,
}: {
  product: AdminProduct | undefined;
  places: readonly { uid: string; name: string }[];
  categories: readonly { uid: string; name: string }[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateProduct();
  const update = useSaveProduct();
  const remove = useRemoveProduct();
  const [general, setGeneral] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<ProductValues>({
    defaultValues: valuesOf(product, places),
    resolver: productResolver,
  });
  const errors = form.formState.errors;
  const redeemable = form.watch('is_redeemable');

  /** Each field error of a 400 on its field; anything else as a general message. */
  const showError = (error: unknown, values: ProductValues) => {
    if (error instanceof ApiError && error.status === 400) {
      const messages: string[] = [];
      for (const [field, list] of Object.entries(error.fieldErrors))
        if (field === 'non_field_errors') messages.push(...list);
        else
          form.setError(formPath(field, values) as keyof ProductValues, {
            type: 'server',
            message: list[0],
          });
      setGeneral(messages.length ? messages : ['admin.product.correctFields']);
    } else if (error instanceof ApiError && error.code === 'admin.version_conflict') {
      // Someone else saved first: the form shows their product, to be changed again.
      // The toast outlives the form, which starts again from the newer version.
      form.reset(valuesOf((error.body as { current: AdminProduct }).current, places));
      toast.error(errorText(error.detailMessage ?? t('admin.fetchError')));
    } else
      setGeneral([
        error instanceof ApiError && error.detailMessage
          ? error.detailMessage
          : t('admin.fetchError'),
      ]);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    const body = toBody(values);
    try {
      if (!product) {
        const created = await create.mutateAsync(body);
        toast.success(t('admin.product.created', { title: created.title }));
        void navigate(`/admin/catalogue/products/${created.uid}`, { replace: true });
        return;
      }
      const { places: rows, ...fields } = body;
      // Each place whose row changed; a place no longer ticked is switched off there.
      const places: ProductSave['places'] = [];
      for (const row of values.places) {
        const before = product.places.find((p) => p.place.uid === row.place);
        const sent = rows?.find((r) => r.place === row.place);
        const threshold = numberOrNull(row.low_stock_threshold);
        const wanted: ProductSave['places'][number] | null = sent
          ? { ...sent, low_stock_threshold: threshold }
          : before
            ? { place: row.place, is_active: false }
            : null;
        if (!wanted) continue;
        const same =
          before &&
          before.is_active === (wanted.is_active ?? true) &&
          (!sent ||
            (before.stock === sent.stock &&
              before.price === sent.price &&
              before.low_stock_threshold === threshold));
        if (!same) places.push(wanted);
      }
      await update.mutateAsync({
        uid: product.uid,
        product: { ...fields, version: product.version },
        places,
      });
      toast.success(t('admin.product.saved'));
    } catch (error) {
      showError(error, values);
    }
  });

  const onRemove = async () => {
    if (!product) return;
    try {
      const { outcome } = await remove.mutateAsync({ uid: product.uid, version: product.version });
      toast.success(t(`admin.product.${outcome}`, { title: product.title }));
      void navigate('/admin/catalogue');
    } catch (error) {
      setConfirming(false);
      showError(error, form.getValues());
    }
  };

  const busy = create.isPending || update.isPending || form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        className="product-form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-labelledby="product-page-title"
      >
        <fieldset className="product-form__section">
          <legend>{t('admin.product.basics')}</legend>
          <ProductTextFields form={form} />
          <div className="product-form__grid">
            <TextField
              label={t('admin.catalogue.price')}
              inputMode="decimal"
              placeholder="0.00"
              error={errors.price?.message}
              {...form.register('price')}
            />
            <SelectField
              label={t('admin.product.category')}
              options={[
                { value: '', label: t('admin.product.noCategory') },
                ...categories.map((c) => ({ value: c.uid, label: c.name })),
              ]}
              error={errors.category?.message}
              {...form.register('category')}
            />
          </div>
          <TextField
            label={t('admin.product.tags')}
            hint={t('admin.product.tagsHint')}
            error={errors.tags?.message}
            {...form.register('tags')}
          />
          <Controller
            control={form.control}
            name="image"
            render={({ field, fieldState }) => (
              <ImageField
                label={t('admin.product.image')}
                value={field.value}
                onChange={(url) => field.onChange(url)}
                error={fieldState.error?.message}
                errorAs="alert"
                testId="product-image"
              />
            )}
          />
        </fieldset>

        <fieldset className="product-form__section">
          <legend>{t('admin.product.availability')}</legend>
          <CheckboxField label={t('admin.catalogue.isActive')} {...form.register('is_active')} />
          <CheckboxField
            label={t('admin.product.subscriptionAvailable')}
            {...form.register('subscription_available')}
          />
          <CheckboxField
            label={t('admin.product.redeemable')}
            {...form.register('is_redeemable')}
          />
          {redeemable ? (
            <TextField
              label={t('admin.product.coinPrice')}
              inputMode="numeric"
              error={errors.coin_price?.message}
              {...form.register('coin_price')}
            />
          ) : null}
        </fieldset>

        <OptionGroupsEditor />

        <fieldset className="product-form__section" data-testid="product-places">
          <legend>{t('admin.product.places')}</legend>
          <p className="form-field__hint">{t('admin.product.placesHint')}</p>
          {places.map((place, i) => (
            <PlaceRow key={place.uid} index={i} name={place.name} saved={!!product} />
          ))}
        </fieldset>

        <SaveBar messages={general} className="product-form__actions">
          <SaveButton
            pending={busy}
            label={product ? t('admin.catalogue.save') : t('admin.product.create')}
          />
          {product && !confirming ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => setConfirming(true)}
            >
              {t('admin.product.remove')}
            </button>
          ) : null}
        </SaveBar>
        {product && confirming ? (
          <ConfirmInline
            className="product-form__confirm"
            question={t('admin.product.removeQuestion', { title: product.title })}
            yes={t('admin.product.removeYes')}
            no={t('admin.product.removeNo')}
            busy={remove.isPending}
            onYes={() => void onRemove()}
            onNo={() => setConfirming(false)}
          />
        ) : null}
      </form>
    </FormProvider>
  );
}

function PlaceRow({ index, name, saved }: { index: number; name: string; saved: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<ProductValues>();
  const listed = form.watch(`places.${index}.listed`);
  const errors = form.formState.errors.places?.[index];
  return (
    <div className="product-form__place" data-testid="product-place">
      <CheckboxField
        label={t('admin.product.soldAt', { place: name })}
        error={errors?.place?.message}
        {...form.register(`places.${index}.listed`)}
      />
      {listed ? (
        <div className="product-form__grid">
          <CheckboxField
            label={t('admin.product.placeActive', { place: name })}
            {...form.register(`places.${index}.is_active`)}
          />
          <TextField
            label={t('admin.catalogue.stock', { place: name })}
            hint={t('admin.catalogue.stockHint')}
            inputMode="numeric"
            error={errors?.stock?.message}
            {...form.register(`places.${index}.stock`)}
          />
          <TextField
            label={t('admin.product.placePrice', { place: name })}
            hint={t('admin.product.placePriceHint')}
            inputMode="decimal"
            error={errors?.price?.message}
            {...form.register(`places.${index}.price`)}
          />
          {saved ? (
            <TextField
              label={t('admin.product.lowStockThreshold', { place: name })}
              hint={t('admin.product.lowStockThresholdHint')}
              inputMode="numeric"
              error={errors?.low_stock_threshold?.message}
              data-testid="product-low-stock-threshold"
              {...form.register(`places.${index}.low_stock_threshold`)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
