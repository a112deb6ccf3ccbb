import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminPromotion, AdminPromotionStatus } from '@store/contract/admin/promotions';
import type { PromotionKind } from '@store/contract/loyalty/promotions';
import { ConfirmInline } from '../../../components/confirm-inline';
import { SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { useErrorText } from '../../../lib/error-text';
import { serverFormErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePromotions } from './api/get-promotions';
import { useSwitchPromotion } from './api/switch-promotion';
import { useDeletePromotion } from './api/delete-promotion';
import { PromotionEditorPage } from './promotion-editor';
import { KINDS, useCompanyPrograms } from './shared';
import './promotions.css';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from '../shell/admin-load-error';
import { StatusPill } from '../shell/status-pill';

const PAGE_SIZE = 20;
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
  const [q, setQ] = useState('');
  const [program, setProgram] = useState('');
  const [kind, setKind] = useState<PromotionKind | ''>('');
  const [status, setStatus] = useState<AdminPromotionStatus | ''>('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = usePromotions({
    page,
    page_size: PAGE_SIZE,
    ...(search ? { q: search } : {}),
    ...(program ? { program } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  });
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  const filtered = Boolean(search || program || kind || status);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.promotions.title')}</h1>
        <Link className="button button--primary" to="/admin/promotions/new">
          {t('admin.promotions.new')}
        </Link>
      </div>
      <div className="admin-filters admin-promotions__filters">
        <TextField
          label={t('admin.promotions.search')}
          type="search"
          value={q}
          onChange={(e) => reset(setQ)(e.target.value)}
        />
        <SelectField
          label={t('admin.promotions.program')}
          value={program}
          onChange={(e) => reset(setProgram)(e.target.value)}
          placeholder={t('admin.promotions.allPrograms')}
          options={programs.map((p) => ({ value: p.uid, label: p.name }))}
        />
        <SelectField
          label={t('admin.promotions.kind')}
          value={kind}
          onChange={(e) => reset(setKind)(e.target.value as PromotionKind | '')}
          placeholder={t('admin.promotions.allKinds')}
          options={KINDS.map((k) => ({ value: k, label: t(`admin.promotions.kind_${k}`) }))}
        />
        <SelectField
          label={t('admin.promotions.status')}
          value={status}
          onChange={(e) => reset(setStatus)(e.target.value as AdminPromotionStatus | '')}
          placeholder={t('admin.promotions.allStatuses')}
          options={STATUSES.map((s) => ({ value: s, label: t(`admin.promotions.status_${s}`) }))}
        />
      </div>
      <section className="admin-panel" aria-label={t('admin.promotions.title')}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {filtered ? t('admin.promotions.noMatch') : t('admin.promotions.empty')}
          </p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-promotions" data-testid="admin-promotions">
              <thead>
                <tr>
                  <th scope="col">{t('admin.promotions.name')}</th>
                  <th scope="col">{t('admin.promotions.kind')}</th>
                  <th scope="col">{t('admin.promotions.status')}</th>
                  <th scope="col">{t('admin.promotions.usage')}</th>
                  <th scope="col">{t('admin.promotions.unitsLeft')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.promotions.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.results.map((p) => (
                  <tr key={p.uid} data-promotion={p.name}>
                    <td>
                      <strong>{p.name}</strong>
                      <span className="admin-promotions__program">{p.program.name}</span>
                    </td>
                    <td>{t(`admin.promotions.kind_${p.kind}`)}</td>
                    <td>
                      <StatusPill
                        tone={
                          p.status === 'active' ? 'on' : p.status === 'scheduled' ? 'warn' : 'off'
                        }
                      >
                        {t(`admin.promotions.status_${p.status}`)}
                      </StatusPill>
                    </td>
                    <td data-testid="promotion-usage" data-used={p.usage.used}>
                      {`${t('admin.promotions.usedCount', { count: p.usage.used })} · ${t('admin.promotions.heldCount', { count: p.usage.held })}`}
                    </td>
                    <td>{p.units_left ?? t('admin.promotions.unlimited')}</td>
                    <td>
                      <Actions promotion={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
    </div>
  );
}
