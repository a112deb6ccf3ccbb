import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { Promotion, Redemption } from '@store/contract/loyalty/promotions';
import { usePromotionQr, type PromotionQr } from '../api/get-promotion-qr';
import { usePromotionPlaces } from '../api/get-promotion-places';
import { useUsedRedemptions } from '../api/get-redemptions';
import { useRedeemPromotion } from '../api/redeem-promotion';
import { useRefreshAfterTake } from '../api/refresh-after-take';
import { loyaltyMessages } from '@store/contract/loyalty/messages';
import { useErrorText } from '../../../lib/error-text';
import {
  consumptionAmount,
  consumptionError,
  qrRefreshDelay,
  qrRenewsAt,
} from '../../../lib/loyalty';
import { useFormatPrice } from '../../../lib/money';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useSelectedPlaceUid } from '../../../lib/place-selection';
import { Modal } from '../../../components/modal';
import { Loading } from '../../../components/loading';
import { SelectField, TextField, SubmitButton } from '../../../components/form-fields';
import { ErrorAlert, useLoyaltyErrors } from './parts';
import '../../../styles/catalog.css';

type Step = 'confirm' | 'show' | 'done';
const WATCH_INTERVAL_MS = 5_000;

/**
 * The activation at the venue in three steps: confirm presence (and the place, where the
 * promotion runs at several), show the promotion QR and its one-time code (renewed before they
 * expire) on a visibly live screen, congratulations. The last step comes when the member confirms
 * the redemption or when the staff redeems the shown QR or code (watched every 5 s); where the
 * program lets only staff mark units used, the member cannot confirm and waits for them.
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
  const [placeUid, setPlaceUid] = useState<string | undefined>();
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
          <ConfirmStep
            titleId={titleId}
            promotion={promotion}
            onConfirm={(place) => {
              setPlaceUid(place);
              setStep('show');
            }}
            onClose={onClose}
          />
        ) : step === 'show' ? (
          <ShowStep
            titleId={titleId}
            programUid={programUid}
            promotion={promotion}
            placeUid={placeUid}
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

/**
 * "Are you at the place?": where the promotion runs at several places the member says which one
 * (the one they shop at, preselected), so their redemption lands in that place's staff activity.
 */
function ConfirmStep({
  titleId,
  promotion,
  onConfirm,
  onClose,
}: {
  titleId: string;
  promotion: Promotion;
  onConfirm: (placeUid: string | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const places = usePromotionPlaces(promotion.uid);
  const shopping = useSelectedPlaceUid();
  const list = places.data?.results ?? [];
  const [picked, setPicked] = useState('');
  const [missing, setMissing] = useState(false);
  const chosen =
    picked ||
    (list.length === 1 ? list[0].uid : list.some((p) => p.uid === shopping) ? shopping! : '');
  const confirm = () => {
    // A place list that could not be read never stops the member: the redemption then names none.
    if (list.length > 1 && !chosen) return setMissing(true);
    onConfirm(chosen || undefined);
  };
  return (
    <>
      <h2 id={titleId} className="activation__title">
        {t('programs.steps.confirmTitle')}
      </h2>
      <p className="activation__text">{t('programs.steps.confirmText')}</p>
      <p className="activation__promo">{promotion.name}</p>
      {list.length > 1 ? (
        <SelectField
          className="activation__place"
          label={t('programs.steps.place')}
          placeholder={t('programs.steps.placeChoose')}
          options={list.map((p) => ({ value: p.uid, label: p.name }))}
          value={chosen}
          error={missing && !chosen ? t('programs.steps.placeMissing') : undefined}
          onChange={(e) => {
            setPicked(e.target.value);
            setMissing(false);
          }}
        />
      ) : null}
      <div className="activation__actions">
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          disabled={places.isPending}
          onClick={confirm}
        >
          {t('programs.steps.confirmYes')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('programs.steps.confirmNo')}
        </button>
      </div>
    </>
  );
}

function ShowStep({
  titleId,
  programUid,
  promotion,
  placeUid,
  onDone,
}: {
  titleId: string;
  programUid: string;
  promotion: Promotion;
  placeUid: string | undefined;
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
    // The baseline is what the server says now, not a list cached before an earlier redemption
    // (that one would count as new and end the steps at once).
    if (!used.data || !used.isFetchedAfterMount) return;
    if (baseline.current === null) baseline.current = used.data.count;
    else if (used.data.count > baseline.current) {
      refreshAfterTake();
      onDoneRef.current(used.data.results[0] ?? null);
    }
  }, [used.data, used.isFetchedAfterMount]);

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
    redeem.mutate({
      program_promotion: promotion.uid,
      amount: consumptionAmount(amount),
      place: placeUid,
    });
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
        <LivePanel promotion={promotion} shown={qr.data} fetchedAt={qr.dataUpdatedAt} />
      )}
      {qr.isSuccess && !qr.data.member_confirms ? (
        <p className="activation__notice" role="status" data-testid="staff-confirms">
          {t('programs.steps.staffConfirms')}
        </p>
      ) : null}
      {qr.isSuccess && qr.data.member_confirms ? (
        <form
          className="activation__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="activation__text">{t('programs.steps.thenConfirm')}</p>
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
          <SubmitButton busy={redeem.isPending} busyText={t('programs.steps.redeeming')}>
            {t('programs.steps.redeem')}
          </SubmitButton>
        </form>
      ) : null}
    </>
  );
}

/**
 * What staff look at: the QR and its code inside a panel that is visibly alive (a clock with
 * seconds on the store's time, a sweeping bar, a pulsing dot, the countdown to the next code),
 * so a screenshot or a recording shown at the counter gives itself away.
 */
function LivePanel({
  promotion,
  shown,
  fetchedAt,
}: {
  promotion: Promotion;
  shown: PromotionQr;
  fetchedAt: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useNow(1000);
  const left = Math.max(0, qrRenewsAt(shown.expires_at, fetchedAt) - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
  const code = shown.counter_code ?? shown.code;
  return (
    <figure className="qr-box activation-live" data-testid="promotion-qr">
      <span className="activation-live__sweep" aria-hidden="true" />
      <p className="activation-live__clock">
        <span className="activation-live__dot" aria-hidden="true" />
        <span>{t('programs.steps.live')}</span>
        <time
          dateTime={new Date(now).toISOString()}
          data-testid="live-clock"
          role="timer"
          aria-live="off"
        >
          {format.instant(now, {
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          })}
        </time>
      </p>
      <QRCodeSVG
        value={shown.qr}
        size={220}
        marginSize={2}
        title={t('programs.steps.qrAlt', { name: promotion.name })}
      />
      {code ? (
        <figcaption className="activation-live__code">
          <span>{t('programs.steps.codeLabel')}</span>
          <strong className="qr-box__code" data-testid="activation-code">
            {code}
          </strong>
        </figcaption>
      ) : null}
      <p className="qr-box__note" role="timer" aria-live="off">
        {t('programs.steps.renewsIn', { time: `${minutes}:${seconds}` })}
      </p>
    </figure>
  );
}
