import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBranding } from '@store/contract/admin/media';
import { ApiError } from '../../../api/client';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useErrorText } from '../../../lib/error-text';
import { serverFormErrors } from '../../../lib/form-errors';
import { ImageUpload } from '../media/image-upload';
import { useBranding } from './api/get-branding';
import { useUpdateBranding } from './api/update-branding';
import { RichText } from './rich-text';

type Draft = Omit<AdminBranding, 'version'>;
const fields = [
  'logo',
  'favicon',
  'main_color',
  'menu_color',
  'terms_and_conditions',
  'privacy_policies',
  'faqs',
] as const;

/** /admin/branding: logo, favicon, colours with a live preview, and the legal texts. */
export function BrandingPage() {
  const { t } = useTranslation();
  const query = useBranding();
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <PageMessage title={t('admin.fetchError')}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void query.refetch()}
        >
          {t('admin.retry')}
        </button>
      </PageMessage>
    );
  return <BrandingForm saved={query.data} />;
}

function BrandingForm({ saved }: { saved: AdminBranding }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateBranding();
  const [version, setVersion] = useState(saved.version);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setNotice(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  async function save() {
    setErrors({ fields: {}, general: [] });
    try {
      const answer = await update.mutateAsync({ ...draft, version });
      setVersion(answer.version);
      setDraft(answer);
      setNotice(t('admin.branding.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.body as { current: AdminBranding }).current;
        setVersion(current.version);
        setDraft(current);
        setErrors({ fields: {}, general: [t('admin.branding.conflict')] });
        return;
      }
      const { fields: f, general } = serverFormErrors(error, fields);
      setErrors({
        fields: f,
        general: general.length || Object.keys(f).length ? general : [t('admin.fetchError')],
      });
    }
  }

  const fieldError = (name: string) =>
    errors.fields[name] ? (
      <p className="form-field__error" role="alert">
        {errorText(errors.fields[name])}
      </p>
    ) : null;
  const theme = {
    '--preview-main': draft.main_color,
    '--preview-menu': draft.menu_color,
  } as CSSProperties;

  return (
    <div className="admin-page branding">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.branding.title')}</h1>
      </div>
      <form
        className="branding__form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="branding__images">
          <div>
            <ImageUpload
              label={t('admin.branding.logo')}
              value={draft.logo}
              onChange={(url) => set('logo', url)}
              testId="branding-logo"
            />
            {fieldError('logo')}
          </div>
          <div>
            <ImageUpload
              label={t('admin.branding.favicon')}
              value={draft.favicon}
              onChange={(url) => set('favicon', url)}
              testId="branding-favicon"
            />
            {fieldError('favicon')}
          </div>
        </div>
        <fieldset className="branding__colors">
          <legend>{t('admin.branding.colors')}</legend>
          {(['main_color', 'menu_color'] as const).map((name) => (
            <label key={name} className="branding__color">
              <span>
                {t(name === 'main_color' ? 'admin.branding.mainColor' : 'admin.branding.menuColor')}
              </span>
              <input
                type="color"
                value={/^#[0-9a-fA-F]{6}$/.test(draft[name]) ? draft[name] : '#000000'}
                onChange={(event) => set(name, event.target.value.toUpperCase())}
                data-testid={`branding-${name}`}
              />
              <code>{draft[name]}</code>
              {fieldError(name)}
            </label>
          ))}
        </fieldset>
        <section
          className="branding__preview"
          style={theme}
          aria-label={t('admin.branding.preview')}
        >
          <div className="branding__preview-header" data-testid="branding-preview-header">
            {draft.logo ? <img src={draft.logo} alt="" /> : null}
          </div>
          <div className="branding__preview-body">
            <button type="button" className="branding__preview-button" tabIndex={-1}>
              {t('admin.branding.previewButton')}
            </button>
            <span className="branding__preview-link">{t('admin.branding.previewLink')}</span>
          </div>
        </section>
        <RichText
          label={t('admin.branding.terms')}
          value={draft.terms_and_conditions ?? ''}
          onChange={(html) => set('terms_and_conditions', html)}
          testId="branding-terms"
        />
        <RichText
          label={t('admin.branding.privacy')}
          value={draft.privacy_policies ?? ''}
          onChange={(html) => set('privacy_policies', html)}
          testId="branding-privacy"
        />
        <RichText
          label={t('admin.branding.faqs')}
          value={draft.faqs ?? ''}
          onChange={(html) => set('faqs', html)}
          testId="branding-faqs"
        />
        {errors.general.map((message) => (
          <p key={message} className="form-alert form-alert--error" role="alert">
            {errorText(message)}
          </p>
        ))}
        {notice ? (
          <p className="form-alert form-alert--success" role="status" data-testid="branding-saved">
            {notice}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? t('admin.branding.saving') : t('admin.branding.save')}
        </button>
      </form>
    </div>
  );
}
