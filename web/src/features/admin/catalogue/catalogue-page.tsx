import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminPlaceProduct, AdminProduct } from '@store/contract/admin/catalogue';
import { ApiError } from '../../../api/client';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { Pager } from '../../../components/pager';
import { useFormatPrice } from '../../../lib/money';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { useAdminProducts, type ProductFilters } from '../api/get-products';
import { useUpdatePlaceProduct } from '../api/update-place-product';
import { useSetProductsActive, useUpdateProduct } from '../api/update-product';
import { conflictRecord } from '../shell/version-conflict';
import { ProductTextFields } from './product-text-fields';

type Values = {
  title: string;
  short_description: string;
  description: string;
  price: string;
  image: string;
  is_active: boolean;
};
const FIELDS = ['title', 'short_description', 'description', 'price', 'image', 'is_active'];

/** /admin/catalogue: the company's products, searched and filtered, each edited in place. */
export function CataloguePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ProductFilters>({ page: 1 });
  const [open, setOpen] = useState<string | null>(null);
  // The products ticked for "Ocultar"/"Mostrar en la tienda"; a new page or filter starts afresh.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const products = useAdminProducts(filters);
  useEffect(() => setSelected(new Set()), [filters]);
  const price = useFormatPrice();

  // Searches as the owner types, once they pause.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => ({ ...f, q: search.trim() || undefined, page: 1 })),
      300,
    );
    return () => clearTimeout(timer);
  }, [search]);

  const data = products.data;
  return (
    <section className="admin-catalogue" aria-labelledby="admin-catalogue-title">
      <h1 id="admin-catalogue-title">{t('admin.catalogue.title')}</h1>
      <nav className="admin-catalogue__tools" aria-label={t('admin.catalogue.title')}>
        <Link className="button button--primary" to="/admin/catalogue/products/new">
          {t('admin.product.newProduct')}
        </Link>
        <Link className="button" to="/admin/catalogue/bulk" data-testid="catalogue-bulk-link">
          {t('admin.catalogueBulk.link')}
        </Link>
        <Link className="button" to="/admin/catalogue/import" data-testid="catalogue-import-link">
          {t('admin.catalogueImport.link')}
        </Link>
      </nav>
      <div className="admin-catalogue__filters">
        <TextField
          label={t('admin.catalogue.search')}
          hint={t('admin.catalogue.searchHint')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="catalogue-search"
        />
        <SelectField
          label={t('admin.catalogue.status')}
          value={filters.active ?? ''}
          options={[
            { value: '', label: t('admin.catalogue.all') },
            { value: 'true', label: t('admin.catalogue.active') },
            { value: 'false', label: t('admin.catalogue.inactive') },
          ]}
          onChange={(e) =>
            setFilters((f) => ({
              ...f,
              active: (e.target.value || undefined) as ProductFilters['active'],
              page: 1,
            }))
          }
        />
      </div>
      {products.isPending ? (
        <Loading />
      ) : products.isError ? (
        <FormAlert messages={[t('admin.fetchError')]} />
      ) : data && data.results.length === 0 ? (
        <p className="admin-catalogue__empty">{t('admin.catalogue.empty')}</p>
      ) : data ? (
        <>
          <p aria-live="polite">{t('admin.catalogue.count', { count: data.count })}</p>
          <BulkVisibility products={data.results} selected={selected} onSelect={setSelected} />
          <ul className="admin-catalogue__list">
            {data.results.map((p) => (
              <li key={p.uid} className="admin-catalogue__item" data-testid="catalogue-product">
                <div className="admin-catalogue__row">
                  <input
                    type="checkbox"
                    className="admin-catalogue__pick"
                    aria-label={t('admin.catalogue.pick', { title: p.title })}
                    checked={selected.has(p.uid)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(p.uid);
                      else next.delete(p.uid);
                      setSelected(next);
                    }}
                  />
                  {p.image ? (
                    <img className="admin-catalogue__thumb" src={p.image} alt="" loading="lazy" />
                  ) : (
                    <span className="admin-catalogue__thumb" aria-hidden="true" />
                  )}
                  <span className="admin-catalogue__title">
                    <span className="admin-catalogue__name">{p.title}</span>
                    <span className="admin-catalogue__meta">
                      <span
                        className={`admin-catalogue__badge${p.is_active ? ' admin-catalogue__badge--on' : ''}`}
                        data-testid="catalogue-badge"
                      >
                        {p.is_active
                          ? t('admin.catalogue.badgeActive')
                          : t('admin.catalogue.badgeHidden')}
                      </span>
                      <span>{p.category?.name ?? t('admin.catalogue.noCategory')}</span>
                    </span>
                  </span>
                  <span className="admin-catalogue__price">{price(p.price)}</span>
                  <span className="admin-catalogue__places">
                    {p.places
                      .map(
                        (pl) =>
                          `${pl.place.name}: ${
                            pl.is_active
                              ? (pl.stock ?? t('admin.catalogue.notCounted'))
                              : t('admin.catalogue.switchedOff')
                          }`,
                      )
                      .join(' · ')}
                  </span>
                  <span className="admin-catalogue__actions">
                    <Link
                      className="button"
                      to={`/admin/catalogue/products/${p.uid}`}
                      aria-label={`${t('admin.product.open')}: ${p.title}`}
                    >
                      {t('admin.product.open')}
                    </Link>
                    <button
                      type="button"
                      className="button"
                      aria-expanded={open === p.uid}
                      onClick={() => setOpen(open === p.uid ? null : p.uid)}
                    >
                      {open === p.uid ? t('admin.catalogue.close') : t('admin.catalogue.edit')}
                    </button>
                  </span>
                </div>
                {open === p.uid ? <ProductEditor key={p.uid} product={p} /> : null}
              </li>
            ))}
          </ul>
          <Pager
            page={filters.page}
            hasPrevious={!!data.previous}
            hasNext={!!data.next}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * Hides or shows the ticked products in the store, each with the version the list read (one
 * PATCH each, so a product someone else changed meanwhile is reported, not overwritten).
 */
function BulkVisibility({
  products,
  selected,
  onSelect,
}: {
  products: AdminProduct[];
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
}) {
  const { t } = useTranslation();
  const setActive = useSetProductsActive();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const all = products.length > 0 && products.every((p) => selected.has(p.uid));
  const busy = setActive.isPending;
  const apply = async (isActive: boolean) => {
    setMessage(null);
    const chosen = products.filter((p) => selected.has(p.uid) && p.is_active !== isActive);
    const { done, failed } = await setActive.mutateAsync({ products: chosen, isActive });
    onSelect(new Set());
    setMessage(
      failed
        ? { tone: 'error', text: t('admin.catalogue.bulkFailed', { count: failed }) }
        : {
            tone: 'info',
            text: isActive
              ? t('admin.catalogue.bulkShown', { count: done })
              : t('admin.catalogue.bulkHidden', { count: done }),
          },
    );
  };
  return (
    <div className="admin-catalogue__bulk" data-testid="catalogue-bulk-visibility">
      <CheckboxField
        label={t('admin.catalogue.pickAll')}
        checked={all}
        onChange={(e) => onSelect(new Set(e.target.checked ? products.map((p) => p.uid) : []))}
      />
      <span aria-live="polite">{t('admin.catalogue.picked', { count: selected.size })}</span>
      <button
        type="button"
        className="button"
        disabled={busy || selected.size === 0}
        onClick={() => void apply(false)}
      >
        {t('admin.catalogue.hideSelected')}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy || selected.size === 0}
        onClick={() => void apply(true)}
      >
        {t('admin.catalogue.showSelected')}
      </button>
      {message ? <FormAlert tone={message.tone} messages={[message.text]} /> : null}
    </div>
  );
}

const valuesOf = (product: AdminProduct): Values => ({
  title: product.title,
  short_description: product.short_description,
  description: product.description,
  price: product.price,
  image: product.image ?? '',
  is_active: product.is_active,
});

function ProductEditor({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const update = useUpdateProduct();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    defaultValues: valuesOf(product),
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    FIELDS,
    'admin.catalogue.correctFields',
  );
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    setGeneral([]);
    try {
      await update.mutateAsync({
        uid: product.uid,
        ...values,
        image: values.image.trim() || null,
        version: product.version,
      });
      setSaved(true);
    } catch (error) {
      // Someone else saved first: the form shows their record, to be changed again.
      const current = conflictRecord<AdminProduct>(error);
      if (current) form.reset(valuesOf(current));
      showError(error);
    }
  });
  return (
    <div className="admin-catalogue__editor">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={product.title}>
        <ProductTextFields form={form} />
        <TextField
          label={t('admin.catalogue.price')}
          inputMode="decimal"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <TextField
          label={t('admin.catalogue.image')}
          type="url"
          error={errors.image?.message}
          {...form.register('image')}
        />
        <CheckboxField label={t('admin.catalogue.isActive')} {...form.register('is_active')} />
        <FormAlert messages={general} />
        {saved ? <FormAlert tone="info" messages={[t('admin.catalogue.saved')]} /> : null}
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {t('admin.catalogue.save')}
        </button>
      </form>
      {product.places.map((row) => (
        <PlaceEditor key={`${row.place.uid}-${product.version}`} product={product} row={row} />
      ))}
    </div>
  );
}

function PlaceEditor({ product, row }: { product: AdminProduct; row: AdminPlaceProduct }) {
  const { t } = useTranslation();
  const update = useUpdatePlaceProduct();
  const [active, setActive] = useState(row.is_active);
  const [stock, setStock] = useState(row.stock === null ? '' : String(row.stock));
  const [error, setError] = useState<string[]>([]);
  const save = async () => {
    setError([]);
    try {
      await update.mutateAsync({
        uid: product.uid,
        place: row.place.uid,
        is_active: active,
        stock: stock.trim() === '' ? null : Number(stock),
      });
    } catch (e) {
      const message =
        e instanceof ApiError ? (e.fieldErrors.stock?.[0] ?? e.detailMessage) : undefined;
      setError([message ?? t('admin.fetchError')]);
    }
  };
  return (
    <fieldset className="admin-catalogue__place">
      <legend>{row.place.name}</legend>
      <CheckboxField
        label={t('admin.catalogue.offered', { place: row.place.name })}
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <TextField
        label={t('admin.catalogue.stock', { place: row.place.name })}
        hint={t('admin.catalogue.stockHint')}
        inputMode="numeric"
        value={stock}
        onChange={(e) => setStock(e.target.value)}
      />
      <FormAlert messages={error} />
      <button
        type="button"
        className="button"
        disabled={update.isPending}
        onClick={() => void save()}
      >
        {t('admin.catalogue.savePlace')}
      </button>
    </fieldset>
  );
}
