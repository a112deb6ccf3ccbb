import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@store/contract/admin/catalogue';
import {
  adminProductBulkItem,
  type AdminProductBulkItem,
  type ProductsChangedBody,
} from '@store/contract/admin/catalogue-csv';
import { ApiError } from '../../../../api/client';
import { FormAlert, SelectField, TextField } from '../../../../components/form-fields';
import { Loading } from '../../../../components/loading';
import { Pager } from '../../../../components/pager';
import { useErrorText } from '../../../../lib/error-text';
import { useAdminMe } from '../../api/get-admin-me';
import { useBulkProducts, type BulkFilters } from '../api/get-bulk-products';
import { useSaveBulk } from '../api/save-bulk';
import './bulk.css';

/** A row's cells as the grid shows them (stock '' is "not counted"). */
type Cells = { price: string; stock: string; is_active: boolean };
/** An edited row: what it was read as (and at which version), and what it is now. */
type Draft = { version: number; title: string; base: Cells; now: Cells };

function cellsOf(product: AdminProduct, place: string): Cells {
  const at = product.places.find((p) => p.place.uid === place);
  return {
    price: product.price,
    stock: at?.stock === null || at?.stock === undefined ? '' : String(at.stock),
    is_active: at?.is_active ?? false,
  };
}

const same = (a: Cells, b: Cells) =>
  a.price.trim() === b.price.trim() &&
  a.stock.trim() === b.stock.trim() &&
  a.is_active === b.is_active;

/** The row as the bulk route takes it: only the cells that changed. */
function itemOf(uid: string, d: Draft): Record<string, unknown> {
  const stock = d.now.stock.trim();
  return {
    uid,
    version: d.version,
    ...(d.now.price.trim() !== d.base.price.trim() ? { price: d.now.price.trim() } : {}),
    ...(stock !== d.base.stock.trim()
      ? { stock: stock === '' ? null : /^\d+$/.test(stock) ? Number(stock) : stock }
      : {}),
    ...(d.now.is_active !== d.base.is_active ? { is_active: d.now.is_active } : {}),
  };
}

/** /admin/catalogue/bulk: a grid of prices and stock at one place, edited together and saved once. */
export function CatalogueBulkPage() {
  const { t } = useTranslation();
  const tm = useErrorText();
  const me = useAdminMe();
  const places = me.data?.places ?? [];
  // The place is in the address, so a reload or a shared link opens the same grid.
  const [params, setParams] = useSearchParamsLatest();
  const chosen = params.get('place');
  const place = places.some((p) => p.uid === chosen) ? (chosen as string) : (places[0]?.uid ?? '');
  const setPlace = (uid: string) => setParams({ place: uid }, { replace: true });
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<BulkFilters>({ place: '', page: 1 });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saved, setSaved] = useState<number | null>(null);
  const [percent, setPercent] = useState('');
  const [stockAll, setStockAll] = useState('');
  const save = useSaveBulk();

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters({ place, q: search.trim() || undefined, page: 1 }),
      300,
    );
    return () => clearTimeout(timer);
  }, [search, place]);

  const products = useBulkProducts(filters);
  const rows = useMemo(() => products.data?.results ?? [], [products.data]);
  const placeName = places.find((p) => p.uid === place)?.name ?? '';
  const changed = Object.entries(drafts).filter(([, d]) => !same(d.base, d.now));

  const cells = (p: AdminProduct): Cells => drafts[p.uid]?.now ?? cellsOf(p, place);
  const edit = (p: AdminProduct, patch: Partial<Cells>) =>
    setDrafts((all) => {
      const draft = all[p.uid] ?? {
        version: p.version,
        title: p.title,
        base: cellsOf(p, place),
        now: cellsOf(p, place),
      };
      return { ...all, [p.uid]: { ...draft, now: { ...draft.now, ...patch } } };
    });
  const forSelected = (patch: (p: AdminProduct) => Partial<Cells>) => {
    setGeneral([]);
    const chosen = rows.filter((p) => selected.has(p.uid));
    if (!chosen.length) return setGeneral([t('admin.catalogueBulk.chooseRows')]);
    for (const p of chosen) edit(p, patch(p));
  };
  const applyPercent = () => {
    const pct = Number(percent.replace(',', '.'));
    if (!percent.trim() || !Number.isFinite(pct) || pct <= -100)
      return setGeneral([t('admin.catalogueBulk.badNumber')]);
    forSelected((p) => {
      const cents = Math.round(Number(cells(p).price) * 100 * (1 + pct / 100));
      return { price: (Math.max(cents, 0) / 100).toFixed(2) };
    });
  };
  const applyStock = () => {
    if (!/^\d+$/.test(stockAll.trim())) return setGeneral([t('admin.catalogueBulk.badNumber')]);
    forSelected(() => ({ stock: stockAll.trim() }));
  };
  const discard = (ask = true) => {
    if (ask && changed.length && !window.confirm(t('admin.catalogueBulk.discardConfirm')))
      return false;
    setDrafts({});
    setCellErrors({});
    setGeneral([]);
    return true;
  };

  const submit = async () => {
    setSaved(null);
    setGeneral([]);
    const items = changed.map(([uid, d]) => itemOf(uid, d));
    // The contract's rules first: a bad cell is named without a round trip.
    const local: Record<string, string> = {};
    items.forEach((item) => {
      const parsed = adminProductBulkItem.safeParse(item);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          local[`${String(item.uid)}.${String(issue.path[0])}`] ??= issue.message;
    });
    setCellErrors(local);
    if (Object.keys(local).length) return;
    try {
      const result = await save.mutateAsync({
        place,
        products: items as AdminProductBulkItem[],
      });
      setDrafts({});
      setSelected(new Set());
      setSaved(result.updated.length);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const stale = (error.body as ProductsChangedBody).products ?? [];
        // Their rows go back to what is saved now; the other edits stay to be saved again.
        setDrafts((all) =>
          Object.fromEntries(
            Object.entries(all).filter(([uid]) => !stale.some((s) => s.uid === uid)),
          ),
        );
        setGeneral([error.detailMessage ?? t('admin.catalogueBulk.failed')]);
      } else if (error instanceof ApiError && error.status === 400) {
        const byField: Record<string, string> = {};
        const general: string[] = [];
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const cell = /^products\.(\d+)\.(\w+)$/.exec(field);
          const uid = cell ? String(items[Number(cell[1])]?.uid) : undefined;
          if (cell && uid) byField[`${uid}.${cell[2] === 'uid' ? 'price' : cell[2]}`] = messages[0];
          else general.push(...messages);
        }
        setCellErrors(byField);
        setGeneral(general.length ? general : [t('admin.catalogueBulk.failed')]);
      } else setGeneral([t('admin.catalogueBulk.failed')]);
    }
  };

  const allSelected = rows.length > 0 && rows.every((p) => selected.has(p.uid));
  const data = products.data;
  return (
    <div className="admin-page admin-bulk">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.catalogueBulk.title')}</h1>
        <Link to="/admin/catalogue">{t('admin.catalogueBulk.back')}</Link>
      </div>
      <p className="admin-page__note">{t('admin.catalogueBulk.intro')}</p>
      <div className="admin-filters">
        <SelectField
          label={t('admin.catalogueBulk.place')}
          value={place}
          options={places.map((p) => ({ value: p.uid, label: p.name }))}
          onChange={(e) => {
            if (discard()) {
              setSelected(new Set());
              setPlace(e.target.value);
            }
          }}
          data-testid="bulk-place"
        />
        <TextField
          label={t('admin.catalogueBulk.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      <div
        className="admin-bulk__tools"
        role="group"
        aria-label={t('admin.catalogueBulk.selected', { count: selected.size })}
      >
        <p aria-live="polite" className="admin-bulk__count">
          {t('admin.catalogueBulk.selected', { count: selected.size })}
        </p>
        <BulkTool
          label={t('admin.catalogueBulk.percent')}
          inputMode="decimal"
          value={percent}
          onChange={setPercent}
          testId="bulk-percent"
          apply={t('admin.catalogueBulk.applyPercent')}
          onApply={applyPercent}
          applyTestId="bulk-apply-percent"
        />
        <BulkTool
          label={t('admin.catalogueBulk.setStock')}
          inputMode="numeric"
          value={stockAll}
          onChange={setStockAll}
          testId="bulk-stock-all"
          apply={t('admin.catalogueBulk.applyStock')}
          onApply={applyStock}
          applyTestId="bulk-apply-stock"
        />
      </div>

      <FormAlert messages={general} />
      <p role="status" className="admin-page__note" data-testid="bulk-saved">
        {saved !== null ? t('admin.catalogueBulk.saved', { count: saved }) : null}
      </p>

      {me.isPending || (products.isPending && Boolean(filters.place)) ? (
        <Loading />
      ) : products.isError ? (
        <FormAlert messages={[t('admin.fetchError')]} />
      ) : data && data.results.length === 0 ? (
        <p className="admin-empty">{t('admin.catalogueBulk.empty')}</p>
      ) : data ? (
        <div
          className="admin-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={t('admin.catalogueBulk.title')}
        >
          <table className="admin-table admin-bulk__grid" data-testid="bulk-grid">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('admin.catalogueBulk.selectAll')}
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(rows.map((p) => p.uid)))
                    }
                  />
                </th>
                <th scope="col">{t('admin.catalogueBulk.product')}</th>
                <th scope="col">{t('admin.catalogueBulk.price')}</th>
                <th scope="col">
                  {t('admin.catalogueBulk.stock')}
                  <span className="admin-bulk__hint">{t('admin.catalogueBulk.notCounted')}</span>
                </th>
                <th scope="col">{t('admin.catalogueBulk.offered')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const now = cells(p);
                const base = drafts[p.uid]?.base ?? cellsOf(p, place);
                const priceError = cellErrors[`${p.uid}.price`];
                const stockError = cellErrors[`${p.uid}.stock`];
                return (
                  <tr key={p.uid} data-testid="bulk-row" data-title={p.title}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('admin.catalogueBulk.select', { title: p.title })}
                        checked={selected.has(p.uid)}
                        onChange={() =>
                          setSelected((all) => {
                            const next = new Set(all);
                            if (next.has(p.uid)) next.delete(p.uid);
                            else next.add(p.uid);
                            return next;
                          })
                        }
                      />
                    </td>
                    <th scope="row" className="admin-bulk__title">
                      {p.title}
                    </th>
                    <td>
                      <input
                        className={`admin-bulk__cell${now.price !== base.price ? ' admin-bulk__cell--edited' : ''}`}
                        inputMode="decimal"
                        aria-label={t('admin.catalogueBulk.priceOf', { title: p.title })}
                        aria-invalid={priceError ? true : undefined}
                        value={now.price}
                        onChange={(e) => edit(p, { price: e.target.value })}
                        data-testid="bulk-price"
                      />
                      {priceError ? <p className="form-field__error">{tm(priceError)}</p> : null}
                    </td>
                    <td>
                      <input
                        className={`admin-bulk__cell${now.stock !== base.stock ? ' admin-bulk__cell--edited' : ''}`}
                        inputMode="numeric"
                        aria-label={t('admin.catalogueBulk.stockOf', {
                          title: p.title,
                          place: placeName,
                        })}
                        aria-invalid={stockError ? true : undefined}
                        value={now.stock}
                        onChange={(e) => edit(p, { stock: e.target.value })}
                        data-testid="bulk-stock"
                      />
                      {stockError ? <p className="form-field__error">{tm(stockError)}</p> : null}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('admin.catalogueBulk.offeredOf', {
                          title: p.title,
                          place: placeName,
                        })}
                        checked={now.is_active}
                        onChange={(e) => edit(p, { is_active: e.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {data ? (
        <Pager
          page={filters.page}
          hasPrevious={!!data.previous}
          hasNext={!!data.next}
          onPage={(page) => setFilters((f) => ({ ...f, page }))}
        />
      ) : null}

      <div className="admin-bulk__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!changed.length || save.isPending}
          onClick={() => void submit()}
          data-testid="bulk-save"
        >
          {save.isPending
            ? t('admin.catalogueBulk.saving')
            : t('admin.catalogueBulk.save', { count: changed.length })}
        </button>
        <button
          type="button"
          className="button"
          disabled={!changed.length || save.isPending}
          onClick={() => discard()}
        >
          {t('admin.catalogueBulk.discard')}
        </button>
      </div>
    </div>
  );
}

/** One of the tools over the selected products: a figure typed, then applied to every one. */
function BulkTool(p: {
  label: string;
  inputMode: 'decimal' | 'numeric';
  value: string;
  onChange: (value: string) => void;
  testId: string;
  apply: string;
  onApply: () => void;
  applyTestId: string;
}) {
  return (
    <div className="admin-bulk__tool">
      <TextField
        label={p.label}
        inputMode={p.inputMode}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
      />
      <button type="button" className="button" onClick={p.onApply} data-testid={p.applyTestId}>
        {p.apply}
      </button>
    </div>
  );
}
