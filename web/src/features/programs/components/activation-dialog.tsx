import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { Promotion, Redemption } from '@store/contract/loyalty/promotions';
import { usePromotionQr } from '../api/get-promotion-qr';
import { useUsedRedemptions } from '../api/get-redemptions';
import { useRedeemPromotion } from '../api/redeem-promotion';
import { useRefreshAfterTake } from '../api/refresh-after-take';
import { loyaltyMessages } from '@store/contract/loyalty/messages';
import { useErrorText } from '../../../lib/error-text';
import { consumptionAmount, consumptionError, qrRefreshDelay } from '../../../lib/loyalty';
import { useFormatPrice } from '../../../lib/money';
import { Modal } from '../../../components/modal';
import { Loading } from '../../../components/loading';
import { TextField } from '../../../components/form-fields';
import { ErrorAlert, useLoyaltyErrors } from './parts';
import '../../../styles/catalog.css';

type Step = 'confirm' | 'show' | 'done';
const WATCH_INTERVAL_MS = 5_000;

/**
 * The activation at the venue in three steps: confirm presence, show the promotion QR (renewed
 * before it expires) to the establishment, congratulations. The last step comes when the member
 * confirms the redemption or when the staff redeems the shown QR (watched every 5 s).
 */
export function ActivationDialog({
  programUid,
  promotion,
  prefix,
  onClose,
}: {
  programUid: string;
  promotion: Promotion;
  prefix: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState<Step>('confirm');
  const [done, setDone] = useState<Redemption | null>(null);
  const stepNumber = step === 'confirm' ? 1 : step === 'show' ? 2 : 3;

  const finish = (redemption: Redemption | null) => {
    setDone(redemption);
    setStep('done');
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="activation">
      <div className="activation__body" data-step={step}>
        <p className="activation__progress">{t('programs.steps.progress', { step: stepNumber })}</p>
        <ol className="activation__dots" aria-hidden="true">
          {[1, 2, 3].map((n) => (
            <li
              key={n}
              className={
                n <= stepNumber ? 'activation__dot activation__dot--on' : 'activation__dot'
              }
            />
          ))}
        </ol>
        {step === 'confirm' ? (
          <>
            <h2 id={titleId} className="activation__title">
              {t('programs.steps.confirmTitle')}
            </h2>
            <p className="activation__text">{t('programs.steps.confirmText')}</p>
            <p className="activation__promo">{promotion.name}</p>
            <div className="activation__actions">
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={() => setStep('show')}
              >
                {t('programs.steps.confirmYes')}
              </button>
              <button type="button" className="button button--ghost" onClick={onClose}>
                {t('programs.steps.confirmNo')}
              </button>
            </div>
          </>
        ) : step === 'show' ? (
          <ShowStep
            titleId={titleId}
            programUid={programUid}
            promotion={promotion}
            onDone={finish}
          />
        ) : (
          <>
            <div className="activation__party" aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                width="40"
                height="40"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            </div>
            <h2 id={titleId} className="activation__title">
              {t('programs.steps.doneTitle')}
            </h2>
            <p className="activation__text">
              {t('programs.steps.doneText', { name: promotion.name })}
            </p>
            {done ? (
              <p className="activation__code">
                {t('programs.steps.doneCode', { code: done.code })}
              </p>
            ) : null}
            <div className="activation__actions">
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={onClose}
              >
                {t('programs.steps.close')}
              </button>
              <Link
                className="button button--ghost"
                to={`${prefix}/program/${programUid}/redemptions`}
              >
                {t('programs.steps.seeRedemptions')}
              </Link>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

function ShowStep({
  titleId,
  programUid,
  promotion,
  onDone,
}: {
  titleId: string;
  programUid: string;
  promotion: Promotion;
  onDone: (r: Redemption | null) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const price = useFormatPrice();
  const errorsOf = useLoyaltyErrors();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const qr = usePromotionQr(programUid, promotion.uid, {
    refetchInterval: (query) =>
      query.state.data ? qrRefreshDelay(query.state.data.expires_at, Date.now()) : false,
  });
  // The staff may redeem the shown QR from their side: a new used unit means it is done.
  const refreshAfterTake = useRefreshAfterTake(programUid);
  const used = useUsedRedemptions(programUid, promotion.uid, {
    refetchInterval: WATCH_INTERVAL_MS,
    staleTime: 0,
  });
  const baseline = useRef<number | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (!used.data) return;
    if (baseline.current === null) baseline.current = used.data.count;
    else if (used.data.count > baseline.current) {
      refreshAfterTake();
      onDoneRef.current(used.data.results[0] ?? null);
    }
  }, [used.data]);

  const redeem = useRedeemPromotion(programUid, { onSuccess: (redemption) => onDone(redemption) });

  const submit = () => {
    const problem = consumptionError(amount, promotion.max_amount);
    if (problem) {
      setAmountError(
        problem === 'invalid'
          ? t('programs.invalidAmount')
          : errorText(loyaltyMessages.amountExceedsMaximum),
      );
      return;
    }
    setAmountError(undefined);
    redeem.mutate({ program_promotion: promotion.uid, amount: consumptionAmount(amount) });
  };

  return (
    <>
      <h2 id={titleId} className="activation__title">
        {t('programs.steps.showTitle')}
      </h2>
      <p className="activation__text">{t('programs.steps.showText')}</p>
      <p className="activation__promo">{promotion.name}</p>
      {qr.isPending ? (
        <Loading />
      ) : qr.isError ? (
        <ErrorAlert messages={errorsOf(qr.error)} />
      ) : (
        <figure className="qr-box" data-testid="promotion-qr">
          <QRCodeSVG
            value={qr.data.qr}
            size={220}
            marginSize={2}
            title={t('programs.steps.qrAlt', { name: promotion.name })}
          />
          {qr.data.code ? <figcaption className="qr-box__code">{qr.data.code}</figcaption> : null}
          <p className="qr-box__note">{t('programs.steps.qrRenews')}</p>
        </figure>
      )}
      {qr.isSuccess ? (
        <form
          className="activation__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {promotion.max_amount !== null ? (
            <TextField
              label={t('programs.steps.amount')}
              hint={t('programs.steps.amountHint', { value: price(promotion.max_amount) })}
              inputMode="decimal"
              value={amount}
              error={amountError}
              onChange={(e) => setAmount(e.target.value)}
            />
          ) : null}
          {redeem.isError ? <ErrorAlert messages={errorsOf(redeem.error)} /> : null}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={redeem.isPending}
          >
            {redeem.isPending ? t('programs.steps.redeeming') : t('programs.steps.redeem')}
          </button>
        </form>
      ) : null}
    </>
  );
}
