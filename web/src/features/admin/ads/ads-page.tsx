import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminAd, AdminAdFields } from '@store/contract/admin/programs';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { ImageUpload } from '../media/image-upload';
import { useAds, useDeleteAd, useSaveAd } from './api/ads';
import '../programs/programs.css';
import { ListHead, ListPanel } from '../shell/resource-list';
import { conflictRecord } from '../shell/version-conflict';

const FIELDS = ['title', 'image', 'link', 'position', 'is_active'];
type Values = {
  title: string;
  image: string | null;
  link: string;
  position: string;
  is_active: boolean;
};

const valuesOf = (a: AdminAd | null): Values =>
  a
    ? {
        title: a.title,
        image: a.image,
        link: a.link ?? '',
        position: String(a.position),
        is_active: a.is_active,
      }
    : { title: '', image: null, link: '', position: '0', is_active: true };

const bodyOf = (v: Values): AdminAdFields => ({
  title: v.title,
  image: v.image,
  link: v.link.trim() || null,
  // Anything but a whole number goes as NaN for the server to name the field.
  position: v.position.trim() === '' ? NaN : Number(v.position),
  is_active: v.is_active,
});

/** One ad's form: a new one (ad null) or an existing one, saved with the version it was read at. */
function AdForm({ ad, onCreated }: { ad: AdminAd | null; onCreated?: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAd();
  const remove = useDeleteAd();
  const [version, setVersion] = useState(ad?.version ?? 0);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ defaultValues: valuesOf(ad) });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    FIELDS,
    t('admin.ads.saveError'),
  );
  const e = form.formState.errors;
  const image = form.watch('image');
  const title = ad?.title ?? t('admin.ads.new');

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setGeneral([]);
    try {
      const after = await save.mutateAsync(
        ad ? { uid: ad.uid, ...bodyOf(values), version } : bodyOf(values),
      );
      if (!ad) {
        form.reset(valuesOf(null));
        onCreated?.();
      } else {
        setVersion(after.version);
        form.reset(valuesOf(after));
      }
      setSaved(true);
    } catch (error) {
      // Someone else saved first: the form shows their ad, to be changed again.
      const current = conflictRecord<AdminAd>(error);
      if (current) {
        setVersion(current.version);
        form.reset(valuesOf(current));
        setGeneral([t('admin.ads.conflict')]);
        return;
      }
      showError(error);
    }
  });

  async function onDelete() {
    if (!ad || !window.confirm(t('admin.ads.confirmDelete', { name: ad.title }))) return;
    try {
      await remove.mutateAsync({ uid: ad.uid, version });
    } catch (error) {
      const current = conflictRecord<AdminAd>(error);
      if (current) {
        setVersion(current.version);
        form.reset(valuesOf(current));
        setGeneral([t('admin.ads.conflict')]);
        return;
      }
      showError(error);
    }
  }

  return (
    <form
      className="admin-program-block"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={title}
      data-testid={ad ? 'admin-ad' : 'admin-ad-new'}
    >
      <h2 className="admin-panel__title">{title}</h2>
      <div className="admin-program-form__grid">
        <TextField
          label={t('admin.ads.adTitle')}
          error={e.title?.message}
          {...form.register('title')}
        />
        <TextField
          label={t('admin.ads.link')}
          hint={t('admin.ads.linkHint')}
          error={e.link?.message}
          {...form.register('link')}
        />
        <TextField
          label={t('admin.ads.position')}
          inputMode="numeric"
          error={e.position?.message}
          {...form.register('position')}
        />
      </div>
      <ImageUpload
        label={t('admin.ads.image')}
        value={image}
        onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
      />
      {e.image?.message ? <FormAlert messages={[e.image.message]} /> : null}
      <CheckboxField label={t('admin.ads.active')} {...form.register('is_active')} />
      <FormAlert messages={general} />
      {saved ? <FormAlert tone="info" messages={[t('admin.ads.saved')]} /> : null}
      <div className="admin-program-block__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending
            ? t('admin.ads.saving')
            : ad
              ? t('admin.ads.save')
              : t('admin.ads.create')}
        </button>
        {ad ? (
          <button
            type="button"
            className="button"
            disabled={remove.isPending}
            onClick={() => void onDelete()}
          >
            {t('admin.ads.delete')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** /admin/ads: the company's ads, in the store's order: create, edit, picture, order, switch off. */
export function AdsPage() {
  const { t } = useTranslation();
  const [active, setActive] = useState('');
  const [page, setPage] = useState(1);
  const query = useAds({ page, page_size: DEFAULT_PAGE_SIZE, ...(active ? { active } : {}) });
  return (
    <div className="admin-page">
      <ListHead title={t('admin.ads.title')}>
        <div className="admin-filters">
          <SelectField
            label={t('admin.ads.state')}
            value={active}
            onChange={(e) => {
              setActive(e.target.value);
              setPage(1);
            }}
            options={[
              { value: '', label: t('admin.ads.stateAll') },
              { value: 'true', label: t('admin.ads.stateOn') },
              { value: 'false', label: t('admin.ads.stateOff') },
            ]}
          />
        </div>
      </ListHead>
      <p className="admin-page__note">{t('admin.ads.hint')}</p>
      <section className="admin-panel">
        <AdForm ad={null} />
      </section>
      <ListPanel
        label={t('admin.ads.title')}
        query={query}
        page={page}
        onPage={setPage}
        empty={t('admin.ads.empty')}
      >
        {(rows) => rows.map((ad) => <AdForm key={`${ad.uid}-${ad.version}`} ad={ad} />)}
      </ListPanel>
    </div>
  );
}
