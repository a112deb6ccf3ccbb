import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminPromotion, AdminPromotionStatus } from '@store/contract/admin/promotions';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import type { PromotionKind } from '@store/contract/loyalty/promotions';
import { ConfirmInline } from '../../../components/confirm-inline';
import { SelectField } from '../../../components/form-fields';
import { NotFound } from '../../../components/not-found';
import { useErrorText } from '../../../lib/error-text';
import { serverFormErrors } from '../../../lib/form-errors';
import { usePromotions } from './api/get-promotions';
import { useSwitchPromotion } from './api/switch-promotion';
import { useDeletePromotion } from './api/delete-promotion';
import { PromotionEditorPage } from './promotion-editor';
import { KINDS, useCompanyPrograms } from './shared';
import './promotions.css';
import { ListHead, ListPanel, ListSearch, NewRecordLink } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';
import { StatusPill } from '../shell/status-pill';

const STATUSES: AdminPromotionStatus[] = ['active', 'scheduled', 'ended', 'off'];
type Place = { uid: string; name: string };

/** /admin/promotions/*: the list, the new-promotion form and the editor. */
export function PromotionsPage({ places }: { places: Place[] }) {
  return (
    <Routes>
      <Route index element={<PromotionsList />} />
      <Route path="new" element={<PromotionEditorPage uid={null} places={places} />} />
      <Route path=":uid" element={<PromotionEditorPage places={places} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function Actions({ promotion }: { promotion: AdminPromotion }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toggle = useSwitchPromotion();
  const remove = useDeletePromotion();
  const [confirming, setConfirming] = useState(false);
  // The server's reason (a version conflict, a promotion already used) in the reader's language.
  const failed = (error: unknown) => {
    const [message] = serverFormErrors(error, []).general;
    toast.error(message ? errorText(message) : t('admin.promotions.saveError'));
  };
  const neverTaken =
    promotion.stock_taken === 0 && promotion.usage.used === 0 && promotion.usage.held === 0;
  const flip = () => {
    if (
      promotion.is_active &&
      !window.confirm(t('admin.promotions.confirmOff', { name: promotion.name }))
    )
      return;
    toggle.mutate(
      { uid: promotion.uid, is_active: !promotion.is_active, version: promotion.version },
      { onError: failed },
    );
  };
  return (
    <div className="admin-promotions__actions">
      <Link className="button button--small" to={`/admin/promotions/${promotion.uid}`}>
        {t('admin.promotions.edit')}
      </Link>
      <button
        type="button"
        className="button button--small"
        onClick={flip}
        disabled={toggle.isPending}
      >
        {promotion.is_active ? t('admin.promotions.turnOff') : t('admin.promotions.turnOn')}
      </button>
      {neverTaken ? (
        confirming ? (
          <ConfirmInline
            className="admin-promotions__confirm"
            question={t('admin.promotions.confirmRemove', { name: promotion.name })}
            yes={t('admin.promotions.yesRemove')}
            no={t('admin.promotions.keep')}
            busy={remove.isPending}
            onYes={() =>
              remove.mutate(
                { uid: promotion.uid, version: promotion.version },
                {
                  onSuccess: () => toast.success(t('admin.promotions.removed')),
                  onError: (error) => {
                    setConfirming(false);
                    failed(error);
                  },
                },
              )
            }
            onNo={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setConfirming(true)}
          >
            {t('admin.promotions.remove')}
          </button>
        )
      ) : null}
    </div>
  );
}

function PromotionsList() {
  const { t } = useTranslation();
  const programs = useCompanyPrograms();
  const list = useListPage();
  const [program, setProgram] = useState('');
  const [kind, setKind] = useState<PromotionKind | ''>('');
  const [status, setStatus] = useState<AdminPromotionStatus | ''>('');
  const query = usePromotions({
    page: list.page,
    page_size: DEFAULT_PAGE_SIZE,
    ...list.searchFilter,
    ...(program ? { program } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  });
  const filtered = Boolean(list.search || program || kind || status);
  const columns: ListColumn<AdminPromotion>[] = [
    {
      title: t('admin.promotions.name'),
      cell: (p) => (
        <>
          <strong>{p.name}</strong>
          <span className="admin-promotions__program">{p.program.name}</span>
        </>
      ),
    },
    { title: t('admin.promotions.kind'), cell: (p) => t(`admin.promotions.kind_${p.kind}`) },
    {
      title: t('admin.promotions.status'),
      cell: (p) => (
        <StatusPill tone={p.status === 'active' ? 'on' : p.status === 'scheduled' ? 'warn' : 'off'}>
          {t(`admin.promotions.status_${p.status}`)}
        </StatusPill>
      ),
    },
    {
      title: t('admin.promotions.usage'),
      cell: (p) =>
        `${t('admin.promotions.usedCount', { count: p.usage.used })} · ${t('admin.promotions.heldCount', { count: p.usage.held })}`,
      cellData: (p) => ({ 'data-testid': 'promotion-usage', 'data-used': p.usage.used }),
    },
    {
      title: t('admin.promotions.unitsLeft'),
      cell: (p) => p.units_left ?? t('admin.promotions.unlimited'),
    },
    {
      title: t('admin.promotions.edit'),
      hideTitle: true,
      cell: (p) => <Actions promotion={p} />,
    },
  ];

  return (
    <div className="admin-page">
      <ListHead title={t('admin.promotions.title')}>
        <NewRecordLink to="/admin/promotions/new">{t('admin.promotions.new')}</NewRecordLink>
      </ListHead>
      <div className="admin-filters admin-promotions__filters">
        <ListSearch
          label={t('admin.promotions.search')}
          value={list.typed}
          onChange={list.setTyped}
        />
        <SelectField
          label={t('admin.promotions.program')}
          value={program}
          onChange={(e) => list.refilter(setProgram)(e.target.value)}
          placeholder={t('admin.promotions.allPrograms')}
          options={programs.map((p) => ({ value: p.uid, label: p.name }))}
        />
        <SelectField
          label={t('admin.promotions.kind')}
          value={kind}
          onChange={(e) => list.refilter(setKind)(e.target.value as PromotionKind | '')}
          placeholder={t('admin.promotions.allKinds')}
          options={KINDS.map((k) => ({ value: k, label: t(`admin.promotions.kind_${k}`) }))}
        />
        <SelectField
          label={t('admin.promotions.status')}
          value={status}
          onChange={(e) => list.refilter(setStatus)(e.target.value as AdminPromotionStatus | '')}
          placeholder={t('admin.promotions.allStatuses')}
          options={STATUSES.map((s) => ({ value: s, label: t(`admin.promotions.status_${s}`) }))}
        />
      </div>
      <ListPanel
        label={t('admin.promotions.title')}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={filtered ? t('admin.promotions.noMatch') : t('admin.promotions.empty')}
      >
        {(rows) => (
          <ListTable
            className="admin-promotions"
            testId="admin-promotions"
            columns={columns}
            rows={rows}
            rowKey={(p) => p.uid}
            rowData={(p) => ({ 'data-promotion': p.name })}
          />
        )}
      </ListPanel>
    </div>
  );
}
