import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminCoupon } from '@store/contract/admin/money';
import { FormAlert, SelectField } from '../../../components/form-fields';
import { FormTextField } from '../shell/form-text-field';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { useCoupons } from './api/get-coupons';
import { useCreateCoupon } from './api/create-coupon';
import { useUpdateCoupon } from './api/update-coupon';
import './money.css';
import { ListHead, ListPanel, ListSearch } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';

type Form = {
  code: string;
  kind: 'PERCENT' | 'AMOUNT';
  value: string;
  min_subtotal: string;
  valid_until: string;
  max_uses: string;
  max_uses_per_member: string;
};
const fields = Object.keys({
  code: 0,
  kind: 0,
  value: 0,
  min_subtotal: 0,
  valid_until: 0,
  max_uses: 0,
  max_uses_per_member: 0,
} satisfies Record<keyof Form, 0>);

const limit = (v: string) => (v.trim() ? Number(v) : null);

/** The form to create a coupon; the server's rules answer each field (400 field errors). */
function NewCouponForm() {
  const { t } = useTranslation();
  const create = useCreateCoupon();
  const form = useForm<Form>({
    defaultValues: { kind: 'PERCENT', min_subtotal: '0.00' },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    fields,
    'admin.money.saveError',
  );
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setGeneral([]);
    try {
      const coupon = await create.mutateAsync({
        code: v.code,
        kind: v.kind,
        value: v.value,
        min_subtotal: v.min_subtotal || '0.00',
        // The end of the chosen day in the store's time zone (Lima, UTC-5).
        valid_until: v.valid_until ? `${v.valid_until}T23:59:59-05:00` : null,
        max_uses: limit(v.max_uses),
        max_uses_per_member: limit(v.max_uses_per_member),
      });
      toast.success(t('admin.money.created', { code: coupon.code }));
      form.reset();
    } catch (error) {
      showError(error);
    }
  });
  const text = (m?: string) => (m ? (m.startsWith('admin.money.') ? t(m) : tm(m)) : undefined);
  return (
    <form className="admin-panel admin-coupon-form" onSubmit={submit} noValidate>
      <h2 className="admin-panel__title">{t('admin.money.newCoupon')}</h2>
      <FormAlert messages={general.map((m) => text(m)!)} />
      <div className="admin-coupon-form__grid">
        <FormTextField
          form={form}
          name="code"
          label={t('admin.money.code')}
          autoCapitalize="characters"
        />
        <SelectField
          label={t('admin.money.kind')}
          options={[
            { value: 'PERCENT', label: t('admin.money.kind_PERCENT') },
            { value: 'AMOUNT', label: t('admin.money.kind_AMOUNT') },
          ]}
          error={text(e.kind?.message)}
          {...form.register('kind')}
        />
        <FormTextField
          form={form}
          name="value"
          label={t('admin.money.value')}
          inputMode="decimal"
        />
        <FormTextField
          form={form}
          name="min_subtotal"
          label={t('admin.money.minSubtotal')}
          inputMode="decimal"
        />
        <FormTextField
          form={form}
          name="valid_until"
          label={t('admin.money.validUntil')}
          type="date"
        />
        <FormTextField
          form={form}
          name="max_uses"
          label={t('admin.money.maxUses')}
          inputMode="numeric"
        />
        <FormTextField
          form={form}
          name="max_uses_per_member"
          label={t('admin.money.maxUsesPerMember')}
          inputMode="numeric"
        />
      </div>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {t('admin.money.create')}
      </button>
    </form>
  );
}

/** Switches a coupon off (after a confirmation) or on again. */
function ActiveToggle({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation();
  const update = useUpdateCoupon();
  const toggle = () => {
    if (coupon.is_active && !window.confirm(t('admin.money.confirmOff', { code: coupon.code })))
      return;
    update.mutate(
      { uid: coupon.uid, is_active: !coupon.is_active, version: coupon.version },
      { onError: () => toast.error(t('admin.money.saveError')) },
    );
  };
  return (
    <button
      type="button"
      className="button button--small"
      onClick={toggle}
      disabled={update.isPending}
    >
      {coupon.is_active ? t('admin.money.turnOff') : t('admin.money.turnOn')}
    </button>
  );
}

/** /admin/coupons: the owner's coupons (search, sort, pages) and the form to create one. */
export function CouponsPage() {
  const { t, i18n } = useTranslation();
  const list = useListPage();
  const [sort, setSort] = useState('code');
  const query = useCoupons({ page: list.page, sort, ...list.searchFilter });
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, {
          dateStyle: 'medium',
          timeZone: 'America/Lima',
        }).format(new Date(iso))
      : '—';
  const columns: ListColumn<AdminCoupon>[] = [
    { title: t('admin.money.code'), cell: (c) => c.code },
    {
      title: t('admin.money.discount'),
      cell: (c) => (c.kind === 'PERCENT' ? `${c.value} %` : c.value),
    },
    {
      title: t('admin.money.uses'),
      cell: (c) => (c.max_uses ? `${c.uses} / ${c.max_uses}` : c.uses),
    },
    { title: t('admin.money.validUntil'), cell: (c) => date(c.valid_until) },
    {
      title: t('admin.money.state'),
      cell: (c) => (
        <>
          {c.is_active ? t('admin.money.active') : t('admin.money.inactive')}{' '}
          <ActiveToggle coupon={c} />
        </>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <ListHead title={t('admin.money.title')}>
        <div className="admin-filters">
          <ListSearch label={t('admin.money.search')} value={list.typed} onChange={list.setTyped} />
          <SelectField
            label={t('admin.money.sort')}
            value={sort}
            onChange={(e) => setSort(e.target.value)}
            options={['code', '-uses', '-valid_until'].map((s) => ({
              value: s,
              label: t(`admin.money.sort_${s.replace('-', '')}`),
            }))}
          />
        </div>
      </ListHead>
      <NewCouponForm />
      <ListPanel
        heading={{ id: 'coupons-list', text: t('admin.money.list') }}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={list.search ? t('admin.money.noMatch') : t('admin.money.empty')}
      >
        {(rows) => (
          <ListTable
            className="admin-coupons"
            testId="admin-coupons"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.uid}
          />
        )}
      </ListPanel>
    </div>
  );
}
