import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminDiscount, AdminDiscountCreateInput } from '@store/contract/admin/discounts';
import { weekdays, type Weekday } from '@store/contract/orders/weekdays';
import { CheckboxField, FormAlert, SelectField } from '../../../components/form-fields';
import { FormTextField } from '../shell/form-text-field';
import { ChoiceFieldset } from './choice-fieldset';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { useAdminCategories } from '../catalogue/api/categories';
import { useAdminProducts } from '../api/get-products';
import { useDiscounts, useCreateDiscount, useUpdateDiscount } from './api/discounts';
import './money.css';
import { ListHead, ListPanel } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';

type Form = {
  name: string;
  kind: AdminDiscount['kind'];
  target: AdminDiscount['target'];
  value: string;
  buy_quantity: string;
  pay_quantity: string;
  min_subtotal: string;
  category_uids: string[];
  product_uids: string[];
  weekdays: Weekday[];
  start_time: string;
  end_time: string;
  valid_from: string;
  valid_until: string;
  member_levels: string;
  max_uses: string;
  stackable_with_coupons: boolean;
};
const fields = Object.keys({
  name: 0,
  kind: 0,
  target: 0,
  value: 0,
  buy_quantity: 0,
  pay_quantity: 0,
  min_subtotal: 0,
  category_uids: 0,
  product_uids: 0,
  weekdays: 0,
  start_time: 0,
  end_time: 0,
  valid_from: 0,
  valid_until: 0,
  member_levels: 0,
  max_uses: 0,
  stackable_with_coupons: 0,
} satisfies Record<keyof Form, 0>);

const blank: Form = {
  name: '',
  kind: 'PERCENT',
  target: 'CATEGORIES',
  value: '',
  buy_quantity: '2',
  pay_quantity: '1',
  min_subtotal: '0.00',
  category_uids: [],
  product_uids: [],
  weekdays: [],
  start_time: '',
  end_time: '',
  valid_from: '',
  valid_until: '',
  member_levels: '',
  max_uses: '',
  stackable_with_coupons: false,
};

const number = (v: string) => (v.trim() ? Number(v) : null);
// Dates are whole days of the store (Lima, UTC-5): from its first minute to its last.
const dayStart = (d: string) => (d ? `${d}T00:00:00-05:00` : null);
const dayEnd = (d: string) => (d ? `${d}T23:59:59-05:00` : null);
const limaDay = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - 5 * 3_600_000).toISOString().slice(0, 10) : '';

function formOf(d: AdminDiscount): Form {
  return {
    name: d.name,
    kind: d.kind,
    target: d.target,
    value: d.value,
    buy_quantity: String(d.buy_quantity ?? ''),
    pay_quantity: String(d.pay_quantity ?? ''),
    min_subtotal: d.min_subtotal,
    category_uids: d.category_uids,
    product_uids: d.product_uids,
    weekdays: d.weekdays,
    start_time: d.start_time ?? '',
    end_time: d.end_time ?? '',
    valid_from: limaDay(d.valid_from),
    valid_until: limaDay(d.valid_until),
    member_levels: d.member_levels.join(', '),
    max_uses: String(d.max_uses ?? ''),
    stackable_with_coupons: d.stackable_with_coupons,
  };
}

function bodyOf(v: Form): AdminDiscountCreateInput {
  const buyPay = v.kind === 'BUY_X_PAY_Y';
  return {
    name: v.name,
    kind: v.kind,
    target: v.target,
    value: buyPay ? '0.00' : v.value,
    buy_quantity: buyPay ? number(v.buy_quantity) : null,
    pay_quantity: buyPay ? number(v.pay_quantity) : null,
    min_subtotal: v.min_subtotal || '0.00',
    category_uids: v.target === 'CATEGORIES' ? v.category_uids : [],
    product_uids: v.target === 'PRODUCTS' ? v.product_uids : [],
    weekdays: v.weekdays,
    start_time: v.start_time || null,
    end_time: v.end_time || null,
    valid_from: dayStart(v.valid_from),
    valid_until: dayEnd(v.valid_until),
    member_levels: v.member_levels
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
    max_uses: number(v.max_uses),
    stackable_with_coupons: v.stackable_with_coupons,
  };
}

/** Create a rule, or edit the one chosen in the list; the server's rules answer each field. */
function RuleForm({ editing, onDone }: { editing: AdminDiscount | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const categories = useAdminCategories();
  const products = useAdminProducts({ page: 1, active: 'true' });
  const form = useForm<Form>({ values: editing ? formOf(editing) : blank });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    fields,
    'admin.discounts.saveError',
  );
  const e = form.formState.errors;
  const kind = form.watch('kind');
  const target = form.watch('target');
  const text = (m?: string) => (m ? (m.startsWith('admin.discounts.') ? t(m) : tm(m)) : undefined);
  const submit = form.handleSubmit(async (v) => {
    setGeneral([]);
    try {
      if (editing) {
        const saved = await update.mutateAsync({
          uid: editing.uid,
          version: editing.version,
          ...bodyOf(v),
        });
        toast.success(t('admin.discounts.saved', { name: saved.name }));
      } else {
        const created = await create.mutateAsync(bodyOf(v));
        toast.success(t('admin.discounts.created', { name: created.name }));
      }
      form.reset(blank);
      onDone();
    } catch (error) {
      showError(error);
    }
  });
  return (
    <form
      className="admin-panel admin-coupon-form"
      onSubmit={submit}
      noValidate
      data-testid="discount-form"
    >
      <h2 className="admin-panel__title">
        {editing
          ? t('admin.discounts.editRule', { name: editing.name })
          : t('admin.discounts.newRule')}
      </h2>
      <FormAlert messages={general.map((m) => text(m)!)} />
      <div className="admin-coupon-form__grid">
        <FormTextField form={form} name="name" label={t('admin.discounts.name')} />
        <SelectField
          label={t('admin.discounts.kind')}
          options={(['PERCENT', 'AMOUNT', 'BUY_X_PAY_Y', 'COMBO_PRICE'] as const).map((k) => ({
            value: k,
            label: t(`admin.discounts.kind_${k}`),
          }))}
          error={text(e.kind?.message)}
          {...form.register('kind')}
        />
        <SelectField
          label={t('admin.discounts.target')}
          options={(['CATEGORIES', 'PRODUCTS', 'ORDER'] as const).map((k) => ({
            value: k,
            label: t(`admin.discounts.target_${k}`),
          }))}
          error={text(e.target?.message)}
          {...form.register('target')}
        />
        {kind === 'BUY_X_PAY_Y' ? (
          <>
            <FormTextField
              form={form}
              name="buy_quantity"
              label={t('admin.discounts.buyQuantity')}
              inputMode="numeric"
            />
            <FormTextField
              form={form}
              name="pay_quantity"
              label={t('admin.discounts.payQuantity')}
              inputMode="numeric"
            />
          </>
        ) : (
          <FormTextField
            form={form}
            name="value"
            label={t('admin.discounts.value')}
            inputMode="decimal"
          />
        )}
        <FormTextField
          form={form}
          name="min_subtotal"
          label={t('admin.discounts.minSubtotal')}
          inputMode="decimal"
        />
        <FormTextField
          form={form}
          name="start_time"
          label={t('admin.discounts.startTime')}
          type="time"
        />
        <FormTextField
          form={form}
          name="end_time"
          label={t('admin.discounts.endTime')}
          type="time"
        />
        <FormTextField
          form={form}
          name="valid_from"
          label={t('admin.discounts.validFrom')}
          type="date"
        />
        <FormTextField
          form={form}
          name="valid_until"
          label={t('admin.discounts.validUntil')}
          type="date"
        />
        <FormTextField form={form} name="member_levels" label={t('admin.discounts.memberLevels')} />
        <FormTextField
          form={form}
          name="max_uses"
          label={t('admin.discounts.maxUses')}
          inputMode="numeric"
        />
      </div>
      {target === 'CATEGORIES' ? (
        <ChoiceFieldset
          legend={t('admin.discounts.categories')}
          choices={(categories.data ?? []).map((c) => ({ value: c.uid, label: c.name }))}
          field={form.register('category_uids')}
          error={text(e.category_uids?.message)}
        />
      ) : null}
      {target === 'PRODUCTS' ? (
        <ChoiceFieldset
          legend={t('admin.discounts.products')}
          choices={(products.data?.results ?? []).map((p) => ({ value: p.uid, label: p.title }))}
          field={form.register('product_uids')}
          error={text(e.product_uids?.message)}
        />
      ) : null}
      <ChoiceFieldset
        legend={t('admin.discounts.weekdays')}
        choices={weekdays.map((d) => ({ value: d, label: t(`admin.discounts.day_${d}`) }))}
        field={form.register('weekdays')}
      />
      <CheckboxField
        label={t('admin.discounts.stackable')}
        {...form.register('stackable_with_coupons')}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={create.isPending || update.isPending}
      >
        {editing ? t('admin.discounts.save') : t('admin.discounts.create')}
      </button>
      {editing ? (
        <button type="button" className="button" onClick={onDone}>
          {t('admin.discounts.cancelEdit')}
        </button>
      ) : null}
    </form>
  );
}

/** Pauses a rule or resumes it. */
function PauseToggle({ rule }: { rule: AdminDiscount }) {
  const { t } = useTranslation();
  const update = useUpdateDiscount();
  return (
    <button
      type="button"
      className="button button--small"
      disabled={update.isPending}
      onClick={() =>
        update.mutate(
          { uid: rule.uid, is_active: !rule.is_active, version: rule.version },
          { onError: () => toast.error(t('admin.discounts.saveError')) },
        )
      }
    >
      {rule.is_active ? t('admin.discounts.pause') : t('admin.discounts.resume')}
    </button>
  );
}

/** /admin/discounts: the owner's automatic discounts and the form to create or edit one. */
export function DiscountsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminDiscount | null>(null);
  const query = useDiscounts({ page });
  const what = (r: AdminDiscount) =>
    r.kind === 'PERCENT'
      ? `${r.value} %`
      : r.kind === 'BUY_X_PAY_Y'
        ? `${r.buy_quantity}x${r.pay_quantity}`
        : `S/ ${r.value}`;
  const when = (r: AdminDiscount) =>
    [
      r.weekdays.map((w) => t(`admin.discounts.day_${w}`)).join(' '),
      r.start_time ? `${r.start_time}–${r.end_time}` : '',
    ]
      .filter(Boolean)
      .join(' · ') || t('admin.discounts.always');
  const columns: ListColumn<AdminDiscount>[] = [
    { title: t('admin.discounts.name'), cell: (r) => r.name },
    {
      title: t('admin.discounts.kind'),
      cell: (r) => (
        <>
          {t(`admin.discounts.kind_${r.kind}`)}: {what(r)} ·{' '}
          {t(`admin.discounts.target_${r.target}`)}
        </>
      ),
    },
    { title: t('admin.discounts.when'), cell: when },
    {
      title: t('admin.discounts.uses'),
      cell: (r) => (r.max_uses ? `${r.uses} / ${r.max_uses}` : '—'),
    },
    {
      title: t('admin.discounts.state'),
      cell: (r) => (
        <>
          {r.is_active ? t('admin.discounts.active') : t('admin.discounts.paused')}{' '}
          <PauseToggle rule={r} />{' '}
          <button type="button" className="button button--small" onClick={() => setEditing(r)}>
            {t('admin.discounts.edit')}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <ListHead title={t('admin.discounts.title')} />
      <p>{t('admin.discounts.intro')}</p>
      <RuleForm key={editing?.uid ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <ListPanel
        heading={{ id: 'discounts-list', text: t('admin.discounts.list') }}
        query={query}
        page={page}
        onPage={setPage}
        empty={t('admin.discounts.empty')}
      >
        {(rows) => (
          <ListTable testId="admin-discounts" columns={columns} rows={rows} rowKey={(r) => r.uid} />
        )}
      </ListPanel>
    </div>
  );
}
