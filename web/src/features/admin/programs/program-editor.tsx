import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminProgram, AdminProgramCreate } from '@store/contract/admin/programs';
import { ApiError } from '../../../api';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { ImageUpload } from '../media/image-upload';
import { useDeleteProgram, useProgram, useSaveProgram } from './api/programs';
import { AdminLoadError } from '../shell/admin-load-error';

type Block = {
  uid?: string;
  title: string;
  image: string | null;
  link: string;
  is_active: boolean;
};
type Values = {
  name: string;
  description: string;
  image: string | null;
  points_enabled: boolean;
  coins_enabled: boolean;
  stamps_enabled: boolean;
  add_points_enabled: boolean;
  open_to_join: boolean;
  staff_confirms_redemptions: boolean;
  order_points_per_sol: string;
  points_expire_after_days: string;
  is_active: boolean;
  levels: { name: string; min_points: string; benefits: string }[];
  sections: Block[];
  ads: Block[];
};

const BLOCK_FIELDS = ['uid', 'title', 'image', 'link', 'is_active'];
/** The server's field names (dotted for list rows), so its 400s land beside the right input. */
const FIELDS = [
  'name',
  'description',
  'image',
  'points_enabled',
  'coins_enabled',
  'stamps_enabled',
  'add_points_enabled',
  'open_to_join',
  'staff_confirms_redemptions',
  'order_points_per_sol',
  'points_expire_after_days',
  'is_active',
  'levels',
  'sections',
  'ads',
  ...Array.from({ length: 20 }, (_, i) =>
    ['name', 'min_points', 'benefits'].map((f) => `levels.${i}.${f}`),
  ).flat(),
  ...(['sections', 'ads'] as const).flatMap((list) =>
    Array.from({ length: 30 }, (_, i) => BLOCK_FIELDS.map((f) => `${list}.${i}.${f}`)).flat(),
  ),
];

const EMPTY: Values = {
  name: '',
  description: '',
  image: null,
  points_enabled: true,
  coins_enabled: false,
  stamps_enabled: false,
  add_points_enabled: false,
  open_to_join: true,
  staff_confirms_redemptions: false,
  order_points_per_sol: '1',
  points_expire_after_days: '',
  is_active: true,
  levels: [],
  sections: [],
  ads: [],
};

function valuesOf(p: AdminProgram): Values {
  const block = (b: AdminProgram['sections'][number]): Block => ({ ...b, link: b.link ?? '' });
  return {
    name: p.name,
    description: p.description,
    image: p.image,
    points_enabled: p.points_enabled,
    coins_enabled: p.coins_enabled,
    stamps_enabled: p.stamps_enabled,
    add_points_enabled: p.add_points_enabled,
    open_to_join: p.open_to_join,
    staff_confirms_redemptions: p.staff_confirms_redemptions,
    order_points_per_sol: String(p.order_points_per_sol),
    points_expire_after_days:
      p.points_expire_after_days === null ? '' : String(p.points_expire_after_days),
    is_active: p.is_active,
    levels: p.levels.map((l) => ({ ...l, min_points: String(l.min_points) })),
    sections: p.sections.map(block),
    ads: p.ads.map(block),
  };
}

/** A typed whole number; anything else goes as NaN for the server to name the field. */
const whole = (v: string) => (v.trim() === '' ? NaN : Number(v.trim()));

function bodyOf(v: Values): AdminProgramCreate {
  const block = (b: Block) => ({
    ...(b.uid ? { uid: b.uid } : {}),
    title: b.title,
    image: b.image,
    link: b.link.trim() || null,
    is_active: b.is_active,
  });
  return {
    name: v.name,
    description: v.description,
    image: v.image,
    points_enabled: v.points_enabled,
    coins_enabled: v.coins_enabled,
    stamps_enabled: v.stamps_enabled,
    add_points_enabled: v.add_points_enabled,
    open_to_join: v.open_to_join,
    staff_confirms_redemptions: v.staff_confirms_redemptions,
    order_points_per_sol: whole(v.order_points_per_sol),
    points_expire_after_days:
      v.points_expire_after_days.trim() === '' ? null : whole(v.points_expire_after_days),
    is_active: v.is_active,
    levels: v.levels.map((l) => ({ ...l, min_points: whole(l.min_points) })),
    sections: v.sections.map(block),
    ads: v.ads.map(block),
  };
}

/** The sections or the ads of the program page: ordered rows with title, image, link and switch. */
function Blocks({ form, list }: { form: UseFormReturn<Values>; list: 'sections' | 'ads' }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: list });
  const errors = form.formState.errors[list] as FieldErrors<Block>[] | undefined;
  const listError = (form.formState.errors[list] as { message?: string } | undefined)?.message;
  return (
    <section className="admin-panel" data-testid={`program-${list}`}>
      <h2 className="admin-panel__title">{t(`admin.programs.${list}`)}</h2>
      <p className="admin-page__note">{t(`admin.programs.${list}Hint`)}</p>
      {listError ? <FormAlert messages={[listError]} /> : null}
      {rows.fields.map((row, i) => {
        const e = errors?.[i];
        const image = form.watch(`${list}.${i}.image`);
        return (
          <fieldset key={row.id} className="admin-program-block">
            <legend>{t(`admin.programs.${list}Item`, { n: i + 1 })}</legend>
            <TextField
              label={t('admin.programs.blockTitle')}
              error={e?.title?.message ?? e?.uid?.message}
              {...form.register(`${list}.${i}.title`)}
            />
            <TextField
              label={t('admin.programs.blockLink')}
              hint={t('admin.programs.blockLinkHint')}
              error={e?.link?.message}
              {...form.register(`${list}.${i}.link`)}
            />
            <ImageUpload
              label={t('admin.programs.blockImage')}
              value={image}
              onChange={(url) => form.setValue(`${list}.${i}.image`, url, { shouldDirty: true })}
            />
            {e?.image?.message ? <FormAlert messages={[e.image.message]} /> : null}
            <CheckboxField
              label={t('admin.programs.blockActive')}
              {...form.register(`${list}.${i}.is_active`)}
            />
            <div className="admin-program-block__actions">
              <button
                type="button"
                className="button button--small"
                disabled={i === 0}
                onClick={() => rows.move(i, i - 1)}
              >
                {t('admin.programs.up')}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={i === rows.fields.length - 1}
                onClick={() => rows.move(i, i + 1)}
              >
                {t('admin.programs.down')}
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  if (window.confirm(t('admin.programs.confirmRemoveBlock'))) rows.remove(i);
                }}
              >
                {t('admin.programs.remove')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button"
        data-testid={`program-add-${list}`}
        onClick={() => rows.append({ title: '', image: null, link: '', is_active: true })}
      >
        {t(`admin.programs.add_${list}`)}
      </button>
    </section>
  );
}

function Levels({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: 'levels' });
  const e = form.formState.errors.levels;
  return (
    <section className="admin-panel" data-testid="program-levels">
      <h2 className="admin-panel__title">{t('admin.programs.levels')}</h2>
      <p className="admin-page__note">{t('admin.programs.levelsHint')}</p>
      {e?.message ? <FormAlert messages={[e.message]} /> : null}
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className="admin-program-block">
          <legend>{t('admin.programs.level', { n: i + 1 })}</legend>
          <div className="admin-program-form__grid">
            <TextField
              label={t('admin.programs.levelName')}
              error={e?.[i]?.name?.message}
              {...form.register(`levels.${i}.name`)}
            />
            <TextField
              label={t('admin.programs.levelMinPoints')}
              inputMode="numeric"
              error={e?.[i]?.min_points?.message}
              {...form.register(`levels.${i}.min_points`)}
            />
          </div>
          <TextField
            label={t('admin.programs.levelBenefits')}
            error={e?.[i]?.benefits?.message}
            {...form.register(`levels.${i}.benefits`)}
          />
          <button type="button" className="button button--small" onClick={() => rows.remove(i)}>
            {t('admin.programs.remove')}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button"
        data-testid="program-add-level"
        onClick={() => rows.append({ name: '', min_points: '', benefits: '' })}
      >
        {t('admin.programs.addLevel')}
      </button>
    </section>
  );
}

function ProgramForm({ program }: { program: AdminProgram | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProgram();
  const remove = useDeleteProgram();
  const [version, setVersion] = useState(program?.version ?? 0);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ defaultValues: program ? valuesOf(program) : EMPTY });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    FIELDS,
    t('admin.programs.saveError'),
  );
  const e = form.formState.errors;
  const image = form.watch('image');

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setGeneral([]);
    const body = bodyOf(values);
    // Switching a program off hides it from every member: asked before it is sent.
    if (
      program?.is_active &&
      !values.is_active &&
      !window.confirm(t('admin.programs.confirmOff', { name: program.name }))
    )
      return;
    try {
      const after = await save.mutateAsync(program ? { uid: program.uid, ...body, version } : body);
      if (!program) {
        void navigate(`/admin/programs/${after.uid}`, { replace: true });
        return;
      }
      setVersion(after.version);
      form.reset(valuesOf(after));
      setSaved(true);
    } catch (error) {
      // Someone else saved first: the form shows their program, to be changed again.
      if (error instanceof ApiError && error.code === 'admin.version_conflict') {
        const current = (error.body as { current: AdminProgram }).current;
        setVersion(current.version);
        form.reset(valuesOf(current));
        setGeneral([t('admin.programs.conflict')]);
        return;
      }
      showError(error);
    }
  });

  async function onDelete() {
    if (!program || !window.confirm(t('admin.programs.confirmDelete', { name: program.name })))
      return;
    try {
      await remove.mutateAsync({ uid: program.uid, version });
      void navigate('/admin/programs', { replace: true });
    } catch (error) {
      showError(error);
    }
  }

  return (
    <form
      className="admin-program-form"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={program?.name ?? t('admin.programs.new')}
    >
      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.programs.general')}</h2>
        <TextField
          label={t('admin.programs.name')}
          error={e.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={t('admin.programs.description')}
          error={e.description?.message}
          {...form.register('description')}
        />
        <ImageUpload
          label={t('admin.programs.image')}
          value={image}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        />
        {e.image?.message ? <FormAlert messages={[e.image.message]} /> : null}
        <CheckboxField
          label={t('admin.programs.isActive')}
          error={e.is_active?.message}
          {...form.register('is_active')}
        />
        <CheckboxField
          label={t('admin.programs.openToJoin')}
          error={e.open_to_join?.message}
          {...form.register('open_to_join')}
        />
      </section>
      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.programs.rules')}</h2>
        <CheckboxField
          label={t('admin.programs.pointsEnabled')}
          error={e.points_enabled?.message}
          {...form.register('points_enabled')}
        />
        <CheckboxField
          label={t('admin.programs.coinsEnabled')}
          {...form.register('coins_enabled')}
        />
        <CheckboxField
          label={t('admin.programs.stampsEnabled')}
          {...form.register('stamps_enabled')}
        />
        <p className="admin-page__note">{t('admin.programs.stampsHint')}</p>
        <CheckboxField
          label={t('admin.programs.addPointsEnabled')}
          {...form.register('add_points_enabled')}
        />
        <CheckboxField
          label={t('admin.programs.staffConfirms')}
          error={e.staff_confirms_redemptions?.message}
          {...form.register('staff_confirms_redemptions')}
        />
        <p className="admin-page__note">{t('admin.programs.staffConfirmsHint')}</p>
        <div className="admin-program-form__grid">
          <TextField
            label={t('admin.programs.orderPointsPerSol')}
            hint={t('admin.programs.orderPointsPerSolHint')}
            inputMode="numeric"
            error={e.order_points_per_sol?.message}
            {...form.register('order_points_per_sol')}
          />
          <TextField
            label={t('admin.programs.expireAfterDays')}
            hint={t('admin.programs.expireAfterDaysHint')}
            inputMode="numeric"
            error={e.points_expire_after_days?.message}
            {...form.register('points_expire_after_days')}
          />
        </div>
      </section>
      <Levels form={form} />
      <Blocks form={form} list="sections" />
      <Blocks form={form} list="ads" />
      <FormAlert messages={general} />
      {saved ? <FormAlert tone="info" messages={[t('admin.programs.saved')]} /> : null}
      <div className="admin-program-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="program-save"
        >
          {save.isPending ? t('admin.programs.saving') : t('admin.programs.save')}
        </button>
        {program ? (
          <button
            type="button"
            className="button"
            disabled={remove.isPending || program.members > 0}
            title={program.members > 0 ? t('admin.programs.hasMembers') : undefined}
            onClick={() => void onDelete()}
          >
            {t('admin.programs.delete')}
          </button>
        ) : null}
      </div>
      {program && program.members > 0 ? (
        <p className="admin-page__note">{t('admin.programs.hasMembers')}</p>
      ) : null}
    </form>
  );
}

/** /admin/programs/new and /admin/programs/:uid: the program's rules, levels, sections and ads. */
export function ProgramEditorPage() {
  const { t } = useTranslation();
  const { uid = 'new' } = useParams();
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <Link to="/admin/programs">← {t('admin.programs.back')}</Link>
      </div>
      {uid === 'new' ? (
        <>
          <h1 className="admin-page__title">{t('admin.programs.new')}</h1>
          <ProgramForm program={null} />
        </>
      ) : (
        <Existing uid={uid} />
      )}
    </div>
  );
}

function Existing({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const query = useProgram(uid);
  if (query.isPending) return <Loading />;
  if (query.isError) return <AdminLoadError onRetry={() => query.refetch()} />;
  return (
    <>
      <h1 className="admin-page__title">{query.data.name}</h1>
      <p className="admin-page__note">
        {t('admin.programs.membersCount', { count: query.data.members })}
      </p>
      <ProgramForm key={query.data.uid} program={query.data} />
    </>
  );
}
