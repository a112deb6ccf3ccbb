import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { OnboardingStep, StoreOnboarding } from '@store/contract/marketplace/stores';
import { ApiError } from '../../../api';
import { FormAlert } from '../../../components/form-fields';
import { ImageUpload } from '../media/image-upload';
import { useOnboarding, useRequestReview, useUpdateStoreProfile } from './api/stores';
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
  return <Checklist data={query.data} />;
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
            {s.step === 'logo' && !s.done ? <LogoStep data={data} /> : null}
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

function LogoStep({ data }: { data: StoreOnboarding }) {
  const { t } = useTranslation();
  const update = useUpdateStoreProfile();
  const [logo, setLogo] = useState<string | null>(data.store.logo);
  const { problem, setProblem, show } = useProblem();
  return (
    <div className="onboarding__form">
      <ImageUpload label={t('admin.onboarding.logo')} value={logo} onChange={setLogo} />
      <FormAlert messages={problem} />
      <button
        type="button"
        className="button button--primary button--small"
        disabled={!logo || update.isPending}
        onClick={() => {
          setProblem([]);
          update.mutate(
            { logo, version: data.store.version },
            { onSuccess: () => toast.success(t('admin.onboarding.logoSaved')), onError: show },
          );
        }}
      >
        {t('admin.onboarding.saveLogo')}
      </button>
    </div>
  );
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
