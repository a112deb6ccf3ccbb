import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  adminPromotionCreate,
  adminPromotionUpdate,
  type AdminPromotion,
} from '@store/contract/admin/promotions';
import type { Promotion, PromotionKind } from '@store/contract/loyalty/promotions';
import { ApiError } from '../../../api/client';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { PromotionCard } from '../../../components/promotion-card';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { ImageUpload } from '../media/image-upload';
import { usePromotion } from './api/get-promotion';
import { useSavePromotion } from './api/save-promotion';
import { KINDS, useCompanyPrograms } from './shared';
import '../../../styles/programs.css';

type Place = { uid: string; name: string };
type Form = {
  program: string;
  name: string;
  description: string;
  image: string | null;
  kind: PromotionKind;
  rate_discount: string;
  fixed_discount: string;
  special_price: string;
  gift_card_amount: string;
  stamps_required: string;
  coin_price: string;
  price: string;
  stock: string;
  limit_per_member: string;
  max_amount: string;
  starts_at: string;
  ends_at: string;
  places: string[];
  tags: string;
  featured: boolean;
  is_active: boolean;
};
const fields = Object.keys({
  program: 0,
  name: 0,
  description: 0,
  image: 0,
  kind: 0,
  rate_discount: 0,
  fixed_discount: 0,
  special_price: 0,
  gift_card_amount: 0,
  stamps_required: 0,
  coin_price: 0,
  price: 0,
  stock: 0,
  limit_per_member: 0,
  max_amount: 0,
  starts_at: 0,
  ends_at: 0,
  places: 0,
  tags: 0,
  featured: 0,
  is_active: 0,
} satisfies Record<keyof Form, 0>);

/** Each kind's one value field (the gift has none). */
const VALUE_FIELD: Record<PromotionKind, keyof Form | null> = {
  DISCOUNT_RATE: 'rate_discount',
  FIXED_DISCOUNT: 'fixed_discount',
  GIFT: null,
  SPECIAL_PRICE: 'special_price',
  GIFT_CARD: 'gift_card_amount',
  STAMPS: 'stamps_required',
};

const STORE_ZONE = 'America/Lima';
/** The store day (Lima) of an instant, as a date input wants it. */
function storeDay(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_ZONE }).format(new Date(iso));
}
// Lima keeps UTC-5 all year (no daylight saving): a store day starts at 00:00 -05:00.
const dayStart = (day: string) => (day ? `${day}T00:00:00-05:00` : null);
const dayEnd = (day: string) => (day ? `${day}T23:59:59-05:00` : null);

const number = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')));
const decimal = (s: string) => (s.trim() === '' ? null : s.trim().replace(',', '.'));

function toForm(p: AdminPromotion | null, program: string): Form {
  const text = (v: number | string | null) => (v === null ? '' : String(v));
  return {
    program: p?.program.uid ?? program,
    name: p?.name ?? '',
    description: p?.description ?? '',
    image: p?.image ?? null,
    kind: p?.kind ?? 'DISCOUNT_RATE',
    rate_discount: text(p?.rate_discount ?? null),
    fixed_discount: text(p?.fixed_discount ?? null),
    special_price: text(p?.special_price ?? null),
    gift_card_amount: text(p?.gift_card_amount ?? null),
    stamps_required: text(p?.stamps_required ?? null),
    coin_price: String(p?.coin_price ?? 0),
    price: text(p?.price ?? null),
    stock: text(p?.stock ?? null),
    limit_per_member: text(p?.limit_per_member ?? null),
    max_amount: text(p?.max_amount ?? null),
    starts_at: storeDay(p?.starts_at ?? null),
    ends_at: storeDay(p?.ends_at ?? null),
    places: p?.places.map((x) => x.uid) ?? [],
    tags: p?.tags.join(', ') ?? '',
    featured: p?.featured ?? false,
    is_active: p?.is_active ?? true,
  };
}

/** The request body of the form: the kind's own value only, numbers as numbers, days as Lima instants. */
function toBody(v: Form, version: number | null) {
  const valueField = VALUE_FIELD[v.kind];
  const value =
    valueField === null
      ? {}
      : {
          [valueField]:
            valueField === 'rate_discount' || valueField === 'stamps_required'
              ? (number(v[valueField] as string) ?? undefined)
              : (decimal(v[valueField] as string) ?? undefined),
        };
  return {
    program: v.program,
    name: v.name,
    description: v.description,
    image: v.image,
    kind: v.kind,
    ...value,
    coin_price: number(v.coin_price) ?? 0,
    price: decimal(v.price),
    stock: number(v.stock),
    limit_per_member: number(v.limit_per_member),
    max_amount: decimal(v.max_amount),
    starts_at: dayStart(v.starts_at),
    ends_at: dayEnd(v.ends_at),
    places: v.places,
    tags: v.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    featured: v.featured,
    is_active: v.is_active,
    ...(version === null ? {} : { version }),
  };
}

/**
 * The contract's own rules (the union per kind, the rules across fields) checked before the
 * call, each message beside its field; the server checks them again.
 */
function resolverFor(version: number | null): Resolver<Form> {
  return async (values) => {
    const schema = version === null ? adminPromotionCreate : adminPromotionUpdate;
    const parsed = schema.safeParse(toBody(values, version));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      errors[key] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** What a member would see: the form's values as the member API's promotion. */
function previewOf(v: Form, name: string): Promotion {
  const money = (s: string) => {
    const n = Number(decimal(s));
    return s.trim() && Number.isFinite(n) && n > 0 ? n.toFixed(2) : null;
  };
  const count = (s: string) => {
    const n = number(s);
    return n !== null && Number.isInteger(n) ? n : null;
  };
  const rate = number(v.rate_discount);
  return {
    uid: 'preview',
    program: v.program,
    name: v.name.trim() || name,
    description: v.description,
    image: v.image,
    kind: v.kind,
    rate_discount: v.kind === 'DISCOUNT_RATE' && rate !== null && rate > 0 ? rate : null,
    fixed_discount: v.kind === 'FIXED_DISCOUNT' ? money(v.fixed_discount) : null,
    special_price: v.kind === 'SPECIAL_PRICE' ? money(v.special_price) : null,
    gift_card_amount: v.kind === 'GIFT_CARD' ? money(v.gift_card_amount) : null,
    stamps_required: v.kind === 'STAMPS' ? count(v.stamps_required) : null,
    coin_price: count(v.coin_price) ?? 0,
    price: money(v.price),
    stock: count(v.stock),
    limit_per_member: count(v.limit_per_member),
    max_amount: money(v.max_amount),
    starts_at: dayStart(v.starts_at),
    ends_at: dayEnd(v.ends_at),
    tags: [],
    featured: v.featured,
    places: [],
    state: 'not_acquired',
    member_uses: 0,
  };
}

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
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <PageMessage
        title={
          query.error instanceof ApiError && query.error.status === 404
            ? t('admin.promotions.notFound')
            : t('admin.fetchError')
        }
      >
        <Link className="button" to="/admin/promotions">
          {t('admin.promotions.back')}
        </Link>
      </PageMessage>
    );
  return (
    <Editor
      key={query.data.version}
      promotion={query.data}
      places={places}
      onReload={() => void query.refetch()}
    />
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

          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? t('admin.promotions.saving') : t('admin.promotions.save')}
          </button>
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
