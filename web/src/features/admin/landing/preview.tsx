import { Suspense, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LandingSection } from '@store/contract/tenancy/landing';
import type { DefaultLandingTexts } from '@store/contract/tenancy/default-landing';
import { Loading } from '../../../components/loading';
import { useLandingPreview } from '../../../lib/landing-preview';

/**
 * The live preview: the store's own landing component (handed over by the app layer, see
 * lib/landing-preview), given the draft. Its links do not navigate away from the editor.
 */
export function LandingPreviewPane({
  type,
  sections,
  defaultTexts,
  enabled,
}: {
  type: 'DEFAULT' | 'MODEL_2' | 'MERCHANTS';
  sections: LandingSection[];
  defaultTexts: DefaultLandingTexts;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const Preview = useLandingPreview();
  const stay = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) event.preventDefault();
  };
  return (
    <section
      className="admin-landing__preview"
      aria-labelledby="landing-preview-title"
      data-testid="landing-preview"
    >
      <h2 id="landing-preview-title" className="admin-panel__title">
        {t('admin.landing.preview')}
      </h2>
      <p className="admin-page__note">
        {enabled ? t('admin.landing.previewNote') : t('admin.landing.previewOff')}
      </p>
      {/* The preview's links are shown, not followed: a click stays in the editor. */}
      <div className="admin-landing__frame" onClickCapture={stay}>
        {Preview && type !== 'MERCHANTS' ? (
          <Suspense fallback={<Loading />}>
            <Preview type={type} sections={sections} defaultTexts={defaultTexts} />
          </Suspense>
        ) : (
          <p className="admin-page__note">{t('admin.landing.merchantsHint')}</p>
        )}
      </div>
    </section>
  );
}
