import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { adminCategoryCreate, type AdminCategoryCreate } from '@store/contract/admin/catalogue';
import type { AdminCategory } from '@store/contract/admin/schemas';
import { ApiError } from '../../../api/client';
import { ConfirmInline } from '../../../components/confirm-inline';
import { FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useErrorText } from '../../../lib/error-text';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { ImageUpload } from '../media/image-upload';
import { useAdminCategories, useCreateCategory, useUpdateCategory } from './api/categories';
import './product.css';

/** /admin/categories: the store's category bar — create, rename, reorder, picture, switch off. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const categories = useAdminCategories();
  const list = categories.data ?? [];
  return (
    <section className="admin-categories" aria-labelledby="admin-categories-title">
      <h1 id="admin-categories-title">{t('admin.categories.title')}</h1>
      <p>{t('admin.categories.intro')}</p>
      <NewCategory />
      {categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <FormAlert messages={[t('admin.fetchError')]} />
      ) : list.length === 0 ? (
        <p>{t('admin.categories.empty')}</p>
      ) : (
        <ol className="admin-categories__list">
          {list.map((category, i) => (
            <CategoryRow
              // A new version (saved here or elsewhere) starts the row again from it.
              key={`${category.uid}-${category.version}`}
              category={category}
              above={list[i - 1]}
              below={list[i + 1]}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function NewCategory() {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const form = useForm<AdminCategoryCreate>({
    resolver: zodResolver(adminCategoryCreate),
    defaultValues: { name: '', image: null },
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['name', 'image'],
    'admin.fetchError',
  );
  const image = form.watch('image') ?? null;
  const submit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const created = await create.mutateAsync(values);
      toast.success(t('admin.categories.created', { name: created.name }));
      form.reset({ name: '', image: null });
    } catch (error) {
      showError(error);
    }
  });
  return (
    <form
      className="product-form__section"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="new-category-title"
    >
      <h2 id="new-category-title">{t('admin.categories.newTitle')}</h2>
      <TextField
        label={t('admin.categories.name')}
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <ImageUpload
        label={t('admin.categories.newImage')}
        value={image}
        onChange={(url) => form.setValue('image', url)}
      />
      <FormAlert messages={general} />
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {t('admin.categories.create')}
      </button>
    </form>
  );
}

function CategoryRow({
  category,
  above,
  below,
}: {
  category: AdminCategory;
  above?: AdminCategory;
  below?: AdminCategory;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateCategory();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const save = async (changes: Parameters<typeof update.mutateAsync>[0]) => {
    setError(null);
    try {
      await update.mutateAsync(changes);
      toast.success(t('admin.categories.saved'));
    } catch (e) {
      const message =
        e instanceof ApiError
          ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.detailMessage)
          : undefined;
      setError(message ?? t('admin.fetchError'));
    }
  };
  const own = { uid: category.uid, version: category.version };
  /** Swaps places with a neighbour: two versioned writes, each refused if someone moved it meanwhile. */
  const swap = async (other: AdminCategory) => {
    const position =
      other.position === category.position ? category.position + 1 : category.position;
    await save({ ...own, position: other.position });
    await save({ uid: other.uid, version: other.version, position });
  };

  return (
    <li className="admin-categories__item" data-testid="category-row">
      <div className="admin-categories__head">
        <form
          className="admin-catalogue__filters"
          onSubmit={(e) => {
            e.preventDefault();
            void save({ ...own, name });
          }}
        >
          <TextField
            label={t('admin.categories.nameOf', { name: category.name })}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button" disabled={update.isPending}>
            {t('admin.categories.save')}
          </button>
        </form>
        <div className="product-form__moves">
          <button
            type="button"
            className="button button--ghost"
            disabled={!above || update.isPending}
            onClick={() => above && void swap(above)}
          >
            {t('admin.categories.moveUp', { name: category.name })}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={!below || update.isPending}
            onClick={() => below && void swap(below)}
          >
            {t('admin.categories.moveDown', { name: category.name })}
          </button>
          {category.is_active ? (
            confirming ? null : (
              <button
                type="button"
                className="button button--danger"
                onClick={() => setConfirming(true)}
              >
                {t('admin.categories.switchOff')}
              </button>
            )
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => void save({ ...own, is_active: true })}
            >
              {t('admin.categories.switchOn')}
            </button>
          )}
        </div>
      </div>
      {confirming ? (
        <ConfirmInline
          className="product-form__confirm"
          question={t('admin.categories.switchOffQuestion', { name: category.name })}
          yes={t('admin.categories.switchOffYes')}
          no={t('admin.categories.switchOffNo')}
          busy={update.isPending}
          onYes={() => void save({ ...own, is_active: false })}
          onNo={() => setConfirming(false)}
        />
      ) : null}
      <p className="admin-categories__off">
        {category.is_active ? t('admin.categories.active') : t('admin.categories.off')}
      </p>
      <ImageUpload
        label={t('admin.categories.image', { name: category.name })}
        value={category.image}
        onChange={(url) => void save({ ...own, image: url })}
      />
      {error ? (
        <p className="form-field__error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </li>
  );
}
