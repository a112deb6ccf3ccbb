import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminPoll } from '@store/contract/admin/polls';
import { ApiError } from '../../../api';
import { CheckboxField, SelectField, TextAreaField } from '../../../components/form-fields';
import { EditorLoad, SaveBar, SaveButton } from '../shell/editor-frame';
import { ImageField } from '../shell/image-field';
import { useEditorFeedback } from '../shell/use-editor-feedback';
import { FormTextField } from '../shell/form-text-field';
import { usePoll } from './api/get-poll';
import { usePollPrograms } from './api/get-polls';
import { useDeletePoll, useSavePoll } from './api/save-poll';
import { bodyOf, pollFields, pollResolver, valuesOf, type PollValues } from './poll-form';
import { PollState } from './poll-parts';
import { Questions } from './poll-questions';

/** The editor of a poll: a new one (no `poll`) or an existing one at its version. */
function PollForm({ poll }: { poll: AdminPoll | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const programs = usePollPrograms();
  const save = useSavePoll();
  const remove = useDeletePoll();
  // The poll as last read or saved: its version and whether answers lock its structure.
  const [current, setCurrent] = useState(poll);
  const form = useForm<PollValues>({
    defaultValues: valuesOf(poll),
    resolver: pollResolver(!!poll),
  });
  const questions = useWatch({ control: form.control, name: 'questions' });
  const { general, setGeneral, showError, saved, setSaved, starting, failed } = useEditorFeedback(
    form.setError,
    pollFields(questions ?? []),
    'admin.polls.saveError',
  );
  const e = form.formState.errors;
  const formId = useId();
  const image = useWatch({ control: form.control, name: 'image' });
  const locked = !!current?.structure_locked;

  const reload = (fresh: AdminPoll) => {
    setCurrent(fresh);
    form.reset(valuesOf(fresh));
  };

  // A first answer arrived while the editor was open (the poll was read again): the form
  // starts over from the poll as it is, locked, and says why.
  const lockedNow = !!poll?.structure_locked;
  useEffect(() => {
    if (!lockedNow || !poll || current?.structure_locked) return;
    setCurrent(poll);
    form.reset(valuesOf(poll));
    setGeneral([t('admin.polls.lockedConflict')]);
  }, [lockedNow, poll, current, form, setGeneral, t]);

  const submit = form.handleSubmit(async (values) => {
    starting();
    if (
      current?.is_active &&
      !values.is_active &&
      !window.confirm(t('admin.polls.confirmOff', { title: current.title }))
    )
      return;
    try {
      if (!current) {
        const made = await save.mutateAsync({ program: values.program, ...bodyOf(values) });
        void navigate(`/admin/polls/${made.uid}`, { replace: true });
        return;
      }
      reload(
        await save.mutateAsync({ uid: current.uid, ...bodyOf(values), version: current.version }),
      );
      setSaved(true);
    } catch (error) {
      // Someone else saved first, or a member answered meanwhile: the form shows the poll as
      // it is now (locked, if answered), to be changed again.
      if (error instanceof ApiError && error.code === 'admin.poll_structure_locked') {
        reload((error.body as { current: AdminPoll }).current);
        setGeneral([t('admin.polls.lockedConflict')]);
        return;
      }
      failed(error, reload, t('admin.polls.conflict'));
    }
  });

  async function onDelete() {
    if (!current || !window.confirm(t('admin.polls.confirmDelete', { title: current.title })))
      return;
    try {
      await remove.mutateAsync({ uid: current.uid, version: current.version });
      void navigate('/admin/polls', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body)
        reload((error.body as { current: AdminPoll }).current);
      showError(error);
    }
  }

  return (
    <form
      className="admin-poll-form"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={current?.title ?? t('admin.polls.new')}
    >
      <section className="admin-panel">
        <h2 className="admin-panel__title">{t('admin.polls.general')}</h2>
        <div className="admin-poll-form__grid">
          {current ? (
            <p className="admin-poll-form__program">
              {t('admin.polls.program')}: <strong>{current.program.name}</strong>
            </p>
          ) : (
            <SelectField
              label={t('admin.polls.program')}
              error={e.program?.message}
              options={[
                { value: '', label: '—' },
                ...(programs.data ?? []).map((p) => ({ value: p.uid, label: p.name })),
              ]}
              {...form.register('program')}
            />
          )}
          <FormTextField form={form} name="title" label={t('admin.polls.pollTitle')} />
          <FormTextField
            form={form}
            name="starts_at"
            label={t('admin.polls.startsAt')}
            type="datetime-local"
            hint={t('admin.polls.timeHint')}
          />
          <FormTextField
            form={form}
            name="ends_at"
            label={t('admin.polls.endsAt')}
            type="datetime-local"
            hint={t('admin.polls.timeHint')}
          />
        </div>
        <TextAreaField
          label={t('admin.polls.description')}
          error={e.description?.message}
          {...form.register('description')}
        />
        <ImageField
          label={t('admin.polls.image')}
          value={image}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
          error={e.image?.message}
          errorAs="alert"
          testId="poll-image"
        />
        <CheckboxField
          label={t('admin.polls.active')}
          error={e.is_active?.message}
          {...form.register('is_active')}
        />
      </section>
      <Questions key={String(locked)} form={form} locked={locked} />
      <SaveBar
        messages={general}
        saved={saved && t('admin.polls.saved')}
        className="admin-poll-form__actions"
      >
        <SaveButton
          pending={save.isPending}
          label={current ? t('admin.polls.save') : t('admin.polls.create')}
          savingLabel={t('admin.polls.saving')}
          testId="poll-save"
        />
        {current ? (
          <button
            type="button"
            className="button"
            disabled={remove.isPending || current.responses > 0}
            aria-describedby={current.responses > 0 ? `${formId}-delete` : undefined}
            onClick={() => void onDelete()}
          >
            {t('admin.polls.delete')}
          </button>
        ) : null}
      </SaveBar>
      {current && current.responses > 0 ? (
        <p className="admin-page__note" id={`${formId}-delete`}>
          {t('admin.polls.hasResponses')}
        </p>
      ) : null}
    </form>
  );
}

/** /admin/polls/new. */
export function NewPollPage() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <Link to="/admin/polls">← {t('admin.polls.back')}</Link>
      <h1 className="admin-page__title">{t('admin.polls.new')}</h1>
      <PollForm poll={null} />
    </div>
  );
}

/** The poll's query state as a page: loading, not found or failed, else `children(poll)`. */
export function WithPoll({ children }: { children: (poll: AdminPoll) => ReactNode }) {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  return (
    <EditorLoad query={usePoll(uid)} back={{ to: '/admin/polls', label: t('admin.polls.back') }}>
      {children}
    </EditorLoad>
  );
}

/** /admin/polls/{uid}: the editor, with a way to the results. */
export function PollPage() {
  const { t } = useTranslation();
  return (
    <WithPoll>
      {(poll) => (
        <div className="admin-page">
          <Link to="/admin/polls">← {t('admin.polls.back')}</Link>
          <div className="admin-page__head">
            <h1 className="admin-page__title">{poll.title}</h1>
            <PollState state={poll.state} />
          </div>
          <p className="admin-page__note">
            {t('admin.polls.responsesCount', { count: poll.responses })} ·{' '}
            <Link to={`/admin/polls/${poll.uid}/results`}>{t('admin.polls.toResults')}</Link>
          </p>
          <PollForm key={poll.uid} poll={poll} />
        </div>
      )}
    </WithPoll>
  );
}
