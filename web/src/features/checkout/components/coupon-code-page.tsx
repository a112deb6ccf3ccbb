import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ApiError } from '../../../api';
import { validateCode } from '../api/validate-code';
import { useTenant } from '../../../lib/tenant';
import { storeCoupon } from '../../../lib/coupon-store';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useErrorText } from '../../../lib/error-text';

/**
 * /company/{companyUid}/code/{code}/: checks the code, stores it for that company's next
 * checkout and goes to the products when the company sells online.
 */
export function CouponCodePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const app = useTenant();
  const { companyUid = '', code = '' } = useParams();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ok'; code: string } | { status: 'error'; message: string }
  >({ status: 'loading' });

  const company =
    companyUid === app.company.uid
      ? app.company
      : app.allowed_companies.find((c) => c.uid === companyUid);
  const productsPath = app.multisite ? `/c/${companyUid}/products` : '/products';
  const sells = company?.ecommerce_enabled ?? false;

  useEffect(() => {
    let live = true;
    validateCode(companyUid, code)
      .then((coupon) => {
        storeCoupon(companyUid, coupon.code);
        if (!live) return;
        toast.success(t('checkout.couponPageStored', { code: coupon.code }));
        setState({ status: 'ok', code: coupon.code });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message =
          error instanceof ApiError
            ? (error.detailMessage ?? error.fieldErrors.non_field_errors?.[0])
            : undefined;
        setState({ status: 'error', message: message ?? t('checkout.genericError') });
      });
    return () => {
      live = false;
    };
  }, [companyUid, code, t]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <PageMessage title={errorText(state.message)} />;
  if (sells) return <Navigate to={productsPath} replace />;
  return (
    <PageMessage title={t('checkout.couponPageStored', { code: state.code })}>
      <Link className="button button--primary" to="/">
        {t('common.backHome')}
      </Link>
    </PageMessage>
  );
}
