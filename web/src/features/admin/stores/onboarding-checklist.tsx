import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  reviewedStoreStatuses,
  type MarketplaceStore,
  type OnboardingStep,
  type StoreOnboarding,
} from '@store/contract/marketplace/stores';
import { ApiError } from '../../../api';
import { FormAlert, TextAreaField, TextField } from '../../../components/form-fields';
import { useFormat } from '../../../lib/format';
import { ImageUpload } from '../media/image-upload';
import { useOnboarding, useRequestReview, useUpdateStoreProfile } from './api/stores';
import { StoreChangeDiff } from './store-change-review';
import './stores.css';

/** Where each step is done (the screens of the back office). */
const stepLinks: Partial<Record<OnboardingStep, string>> = {
  place: '/admin/places',
  product: '/admin/catalogue',
  payment: '/admin/payments',
};

/**
 * A new marketplace store's checklist on the dashboard: its status (and the marketplace's
 * reason when rejected or suspended) and the steps before review, each read from real data.
 * Nothing for a store of the tenant file.
 */
export function OnboardingChecklist() {
  const query = useOnboarding();
  if (!query.data) return null;
  return (
    <>
      <Checklist data={query.data} />
      {/* Keyed by version: a saved or decided change starts the form from the new values. */}
      <StoreProfile key={query.data.store.version} store={query.data.store} />
    </>
  );
}

/**
 * The store's name, logo and description as shoppers see them, and the owner's form to change
 * them. Once the store is approved a change waits for the marketplace's review (issue 35): the
 * panel says so, and shows what waits, or why it was refused.
 */
function StoreProfile({ store }: { store: MarketplaceStore }) {
  const { t } = useTranslation();
  const { instant } = useFormat();
  const update = useUpdateStoreProfile();
  const change = store.pending_change;
  const waiting = change?.status === 'pending' ? change : null;
  const [name, setName] = useState(waiting?.name ?? store.name);
  const [description, setDescription] = useState(waiting?.description ?? store.description);
  const [logo, setLogo] = useState<string | null>(
    waiting?.logo !== undefined ? waiting.logo : store.logo,
  );
  const [nameError, setNameError] = useState<string | undefined>();
  const { problem, setProblem, show } = useProblem();
  const reviewed = reviewedStoreStatuses.includes(store.status);

  const save = () => {
    setProblem([]);
    setNameError(undefined);
    update.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        ...(logo ? { logo } : {}),
        version: store.version,
      },
      {
        onSuccess: (saved) =>
          toast.success(
            t(
              saved.pending_change?.status === 'pending'
                ? 'admin.onboarding.profileAsked'
                : 'admin.onboarding.profileSaved',
            ),
          ),
        onError: (e) => {
          const onName = e instanceof ApiError ? e.fieldErrors.name?.[0] : undefined;
          if (onName) setNameError(onName);
          else show(e);
        },
      },
    );
  };

  return (
    <section
      className="onboarding store-profile"
      aria-labelledby="store-profile-title"
      data-testid="store-profile"
    >
      <h2 id="store-profile-title">{t('admin.onboarding.profileTitle')}</h2>
      {reviewed ? (
        <p className="store-profile__hint">{t('admin.onboarding.profileReviewed')}</p>
      ) : null}
      {change ? (
        <div className={`store-change store-change--${change.status}`} role="status">
          <p className="store-change__when">
            {change.status === 'pending'
              ? t('admin.onboarding.profileWaiting', { date: instant(change.requested_at) })
              : t('admin.onboarding.profileRejected', { reason: change.reason ?? '' })}
          </p>
          <StoreChangeDiff store={store} change={change} />
        </div>
      ) : null}
      <div className="onboarding__form">
        <TextField
          label={t('admin.onboarding.name')}
          value={name}
          maxLength={80}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <TextAreaField
          label={t('admin.onboarding.description')}
          value={description}
          maxLength={500}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
        />
        <ImageUpload label={t('admin.onboarding.logo')} value={logo} onChange={setLogo} />
        <FormAlert messages={problem} />
        <button
          type="button"
          className="button button--primary button--small"
          disabled={!name.trim() || update.isPending}
          onClick={save}
        >
          {reviewed ? t('admin.onboarding.profileAsk') : t('admin.onboarding.profileSave')}
        </button>
      </div>
    </section>
  );
}

function Checklist({ data }: { data: StoreOnboarding }) {
  const { t } = useTranslation();
  const { store, steps } = data;
  const done = steps.filter((s) => s.done).length;
  const statusKey =
    store.status === 'pending' && store.review_requested_at ? 'pendingAsked' : store.status;
  return (
    <section className="onboarding" aria-labelledby="onboarding-title" data-testid="onboarding">
      <h2 id="onboarding-title">{t('admin.onboarding.title')}</h2>
      <p className={`onboarding__status onboarding__status--${store.status}`} role="status">
        {t(`admin.onboarding.status_${statusKey}`, { reason: store.status_reason ?? '' })}
      </p>
      <p className="onboarding__progress">
        {t('admin.onboarding.progress', { done, total: steps.length })}
      </p>
      <ol className="onboarding__steps">
        {steps.map((s) => (
          <li
            key={s.step}
            className={s.done ? 'onboarding__step onboarding__step--done' : 'onboarding__step'}
            data-step={s.step}
          >
            <span className="onboarding__mark" aria-hidden="true">
              {s.done ? '✓' : '○'}
            </span>
            <span className="onboarding__label">{t(`admin.onboarding.step_${s.step}`)}</span>
            <span className="visually-hidden">
              {s.done ? t('admin.onboarding.done') : t('admin.onboarding.todo')}
            </span>
            {stepLinks[s.step] && !s.done ? (
              <Link
                className="button button--small"
                to={stepLinks[s.step]!}
                aria-label={`${t('admin.onboarding.go')}: ${t(`admin.onboarding.step_${s.step}`)}`}
              >
                {t('admin.onboarding.go')}
              </Link>
            ) : null}
            {/* The logo is set in the store's panel below, with its name and description. */}
            {s.step === 'logo' && !s.done ? (
              <a
                className="button button--small"
                href="#store-profile-title"
                aria-label={`${t('admin.onboarding.go')}: ${t('admin.onboarding.step_logo')}`}
              >
                {t('admin.onboarding.go')}
              </a>
            ) : null}
            {s.step === 'review' && !s.done ? <ReviewStep data={data} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function useProblem() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string[]>([]);
  const show = (e: unknown) =>
    setProblem([
      e instanceof ApiError
        ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.detailMessage ?? t('admin.fetchError'))
        : t('admin.fetchError'),
    ]);
  return { problem, setProblem, show };
}

function ReviewStep({ data }: { data: StoreOnboarding }) {
  const { t } = useTranslation();
  const review = useRequestReview();
  const { problem, setProblem, show } = useProblem();
  const ready = data.steps.filter((s) => s.step !== 'review').every((s) => s.done);
  if (!ready) return null;
  return (
    <div className="onboarding__form">
      <FormAlert messages={problem} />
      <button
        type="button"
        className="button button--primary button--small"
        disabled={review.isPending}
        onClick={() => {
          setProblem([]);
          review.mutate(data.store.version, {
            onSuccess: () => toast.success(t('admin.onboarding.asked')),
            onError: show,
          });
        }}
      >
        {t('admin.onboarding.askReview')}
      </button>
    </div>
  );
}
