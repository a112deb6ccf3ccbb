import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { pageCount } from '@store/contract/http/pages';
import { useTenant } from '../../../lib/tenant';
import { useErrorText } from '../../../lib/error-text';
import { ApiError } from '../../../api';
import { FormAlert } from '../../../components/form-fields';
import { useDeleteAccount } from '../api/delete-account';
import { deletionBase, useDeletionLink } from '../api/get-deletion-link';
import { deletionPageSize, useMemberPrograms } from '../api/get-deletion-programs';
import { AuthCard } from './auth-card';
import { Pagination } from './pagination';

function ProgramsList({ base }: { base: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(true);
  const programs = useMemberPrograms(base, page, true);
  const total = pageCount(programs.data?.count ?? 0, deletionPageSize);
  return (
    <section className="delete-list">
      <h2 className="delete-list__title">
        <button
          type="button"
          className="delete-list__toggle"
          aria-expanded={open}
          aria-controls="delete-list-body"
          onClick={() => setOpen((o) => !o)}
        >
          <span>{t('auth.deleteListTitle')}</span>
          <span
            aria-hidden="true"
            className={
              open ? 'delete-list__chevron delete-list__chevron--open' : 'delete-list__chevron'
            }
          >
            ▾
          </span>
        </button>
      </h2>
      <div id="delete-list-body" hidden={!open}>
        {programs.isPending ? (
          <p className="delete-list__empty">{t('auth.deleteLoading')}</p>
        ) : !programs.data?.results.length ? (
          <p className="delete-list__empty">{t('auth.nothingToShow')}</p>
        ) : (
          <ul className="delete-list__items">
            {programs.data.results.map((item, i) => (
              <li key={`${page}-${i}`} className="delete-list__item">
                <span className="delete-list__name">{item.name}</span>
                <span className="delete-list__figures">
                  <span>
                    {t('auth.coins')}: <strong>{item.coins}</strong>
                  </span>
                  <span>
                    {t('auth.points')}: <strong>{item.total_points}</strong>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} total={total} onChange={setPage} />
      </div>
    </section>
  );
}

/**
 * The deletion link page (/me/delete/... and the partner variant): 'Cargando ...' while the link
 * is checked, 'El link ha expirado.' when it is not good, the confirm view, then the goodbye view.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const tm = useErrorText();
  const app = useTenant();
  const location = useLocation();
  const { uidApp = '', uidUser = '', token = '' } = useParams();
  const configured = app.features.partner_deletion_prefix?.trim().replace(/^\/+|\/+$/g, '') || null;
  const prefix = configured && location.pathname.startsWith(`/${configured}/`) ? configured : null;
  const base = deletionBase({ prefix, uidApp, uidUser, token });
  const link = useDeletionLink(base);
  const remove = useDeleteAccount(base);

  useEffect(() => {
    if (link.isError) toast.error(t('auth.linkExpiredToast'), { toastId: 'link-expired' });
  }, [link.isError, t]);

  if (remove.isSuccess) {
    return (
      <AuthCard title={t('auth.deletedTitle')} text={t('auth.deletedText')}>
        <p className="standalone__links">
          <Link to="/">{t('auth.goHome')}</Link>
        </p>
      </AuthCard>
    );
  }
  if (link.isPending) {
    return (
      <AuthCard title={t('auth.deleteTitle')}>
        <p role="status">{t('auth.deleteLoading')}</p>
      </AuthCard>
    );
  }
  if (link.isError) {
    return (
      <AuthCard title={t('auth.linkExpired')}>
        <p className="standalone__links">
          <Link to="/">{t('auth.goHome')}</Link>
        </p>
      </AuthCard>
    );
  }

  const confirm = () => remove.mutate();
  const failure = remove.error instanceof ApiError ? remove.error.detailMessage : undefined;

  return (
    <AuthCard title={t('auth.deleteTitle')} wide>
      <div className="delete-confirm">
        <p className="delete-confirm__greeting">
          {link.data.first_name
            ? t('auth.deleteGreeting', { name: link.data.first_name })
            : t('auth.deleteGreetingAnonymous')}
        </p>
        <p className="delete-confirm__warning">{t('auth.deleteWarning')}</p>
        <ProgramsList base={base} />
        <FormAlert
          messages={remove.isError ? [failure ? tm(failure) : t('auth.deleteFailed')] : []}
        />
        <button
          type="button"
          className="button button--danger button--block"
          onClick={confirm}
          disabled={remove.isPending}
        >
          {remove.isPending ? t('auth.deleting') : t('auth.deleteConfirm')}
        </button>
      </div>
    </AuthCard>
  );
}
