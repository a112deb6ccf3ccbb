import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { returnPath } from '@store/contract/auth/schemas';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ApiError } from '../../../api';
import { Loading } from '../../../components/loading';
import { useErrorText } from '../../../lib/error-text';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from './auth-card';

export const VERIFIED_REDIRECT_MS = 1500;

/**
 * /verification-email/:uidApp/:uidUser/:token: verifies on open; says so in its card and, after
 * 1.5 s, opens the page the link names (`?next=`, e.g. /crear-tienda for a merchant, issue 36 row
 * 12) or /; else the failure messages. No toast on success: it outlived the page and, on the
 * next one, lay over the button pressed next ('Crear mi tienda', seen under load, issue 38).
 */
export function VerificationEmailPage() {
  const { t } = useTranslation();
  const tm = useErrorText();
  const navigate = useNavigate();
  const { uidApp = '', uidUser = '', token = '' } = useParams();
  const [search] = useSearchParamsLatest();
  const next = returnPath(search.get('next')) ?? '/';
  const verify = useVerifyEmail();
  const started = useRef(false);
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(
      { uidApp, uidUser, token },
      {
        onSuccess: () => {
          window.setTimeout(() => void navigate(next, { replace: true }), VERIFIED_REDIRECT_MS);
        },
        onError: (error) => {
          toast.error(t('auth.verificationError'), { toastId: 'verify-error' });
          if (error instanceof ApiError && error.detailMessage !== undefined)
            setDetail(tm(error.detailMessage));
        },
      },
    );
  }, [verify, uidApp, uidUser, token, next, navigate, t, tm]);

  if (verify.isError) {
    return (
      <AuthCard title={t('auth.verificationFailed')} text={detail ?? undefined}>
        <p className="standalone__links">
          <Link to="/">{t('auth.goHome')}</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.verificationTitle')}
      text={verify.isSuccess ? t('auth.emailVerified') : t('auth.verificationText')}
    >
      {verify.isSuccess ? null : <Loading />}
    </AuthCard>
  );
}
