import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminProgram } from '@store/contract/admin/programs';
import { CheckboxField } from '../../../components/form-fields';
import { useDeleteProgram, useProgram, useSaveProgram } from './api/programs';
import { EditorLoad, SaveBar, SaveButton } from '../shell/editor-frame';
import { ImageField } from '../shell/image-field';
import { useEditorFeedback } from '../shell/use-editor-feedback';
import { FormTextField } from '../shell/form-text-field';
import { bodyOf, EMPTY, FIELDS, valuesOf, type Values } from './program-values';
import { Blocks, Levels } from './program-blocks';

function ProgramForm({ program }: { program: AdminProgram | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProgram();
  const remove = useDeleteProgram();
  const [version, setVersion] = useState(program?.version ?? 0);
  const form = useForm<Values>({ defaultValues: program ? valuesOf(program) : EMPTY });
  const { general, showError, saved, setSaved, starting, failed } = useEditorFeedback(
    form.setError,
    FIELDS,
    t('admin.programs.saveError'),
  );
  const e = form.formState.errors;
  const image = form.watch('image');

  const submit = form.handleSubmit(async (values) => {
    starting();
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
      failed(
        error,
        (current: AdminProgram) => {
          setVersion(current.version);
          form.reset(valuesOf(current));
        },
        t('admin.programs.conflict'),
      );
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
        <FormTextField form={form} name="name" label={t('admin.programs.name')} />
        <FormTextField form={form} name="description" label={t('admin.programs.description')} />
        <ImageField
          label={t('admin.programs.image')}
          value={image}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
          error={e.image?.message}
          errorAs="alert"
        />
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
          <FormTextField
            form={form}
            name="order_points_per_sol"
            label={t('admin.programs.orderPointsPerSol')}
            hint={t('admin.programs.orderPointsPerSolHint')}
            inputMode="numeric"
          />
          <FormTextField
            form={form}
            name="points_expire_after_days"
            label={t('admin.programs.expireAfterDays')}
            hint={t('admin.programs.expireAfterDaysHint')}
            inputMode="numeric"
          />
        </div>
      </section>
      <Levels form={form} />
      <Blocks form={form} list="sections" />
      <Blocks form={form} list="ads" />
      <SaveBar
        messages={general}
        saved={saved && t('admin.programs.saved')}
        className="admin-program-form__actions"
      >
        <SaveButton
          pending={save.isPending}
          label={t('admin.programs.save')}
          savingLabel={t('admin.programs.saving')}
          testId="program-save"
        />
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
      </SaveBar>
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
  return (
    <EditorLoad query={useProgram(uid)}>
      {(program) => (
        <>
          <h1 className="admin-page__title">{program.name}</h1>
          <p className="admin-page__note">
            {t('admin.programs.membersCount', { count: program.members })}
          </p>
          <ProgramForm key={program.uid} program={program} />
        </>
      )}
    </EditorLoad>
  );
}
