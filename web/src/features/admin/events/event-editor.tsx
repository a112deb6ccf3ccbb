import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  adminEventCreate,
  adminEventInput,
  type AdminEvent,
  type AdminEventCreate,
} from '@store/contract/admin/events';
import { ConfirmInline } from '../../../components/confirm-inline';
import { SelectField, TextAreaField } from '../../../components/form-fields';
import { useTenant } from '../../../lib/tenant';
import { useAdminMe } from '../api/get-admin-me';
import { useEvent } from './api/get-events';
import { useCreateEvent, useDeleteEvent, usePublishEvent, useSaveEvent } from './api/save-event';
import { EventState } from './event-parts';
import { EditorLoad, SaveBar, SaveButton } from '../shell/editor-frame';
import { ImageField } from '../shell/image-field';
import { useEditorFeedback } from '../shell/use-editor-feedback';
import { FormTextField } from '../shell/form-text-field';

/** The places the user may put an event at (the back office's `me.places`). */
export type EventPlaces = { uid: string; name: string }[];

type Values = {
  name: string;
  description: string;
  image: string | null;
  place: string;
  location: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  link: string;
};

/** The server's field names, so its 400s land on the right input. */
const FIELDS = [
  'name',
  'description',
  'image',
  'place',
  'location',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'link',
] as const;

function valuesOf(e: AdminEvent | null, places: EventPlaces): Values {
  return {
    name: e?.name ?? '',
    description: e?.description ?? '',
    image: e?.image ?? null,
    // Most events happen at the store itself: a new one starts at its first place.
    place: e ? (e.place?.uid ?? '') : (places[0]?.uid ?? ''),
    location: e?.location ?? '',
    start_date: e?.start_date ?? '',
    start_time: e?.start_time ?? '',
    end_date: e?.end_date ?? '',
    end_time: e?.end_time ?? '',
    link: e?.link ?? '',
  };
}

/** The form as the API takes it: empty optional fields are null. */
function bodyOf(v: Values): Omit<AdminEventCreate, 'published'> {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    name: v.name,
    description: v.description,
    image: v.image,
    place: v.place || null,
    location: v.location,
    start_date: v.start_date,
    start_time: orNull(v.start_time),
    end_date: orNull(v.end_date),
    end_time: orNull(v.end_time),
    link: orNull(v.link),
  };
}

function EventForm({
  event,
  places,
  company,
}: {
  event: AdminEvent | null;
  places: EventPlaces;
  company: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const app = useTenant();
  // A manager limited to some places must name one of them (the server refuses any other).
  const limited = useAdminMe().data?.limited_to_places ?? false;
  const create = useCreateEvent();
  const save = useSaveEvent();
  const publish = usePublishEvent();
  const remove = useDeleteEvent();
  const [current, setCurrent] = useState(event);
  const [saved, setSaved] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Which of the new event's two submit buttons was pressed (Enter: the first, a draft).
  const publishOnCreate = useRef(false);
  const form = useForm<Values>({ defaultValues: valuesOf(event, places) });
  const { general, setGeneral, failed } = useEditorFeedback(
    form.setError,
    FIELDS,
    'admin.events.saveError',
  );
  const e = form.formState.errors;
  const image = form.watch('image');
  const placeUid = form.watch('place');
  const message = (m: string) => (m.startsWith('admin.events.') ? t(m) : m);
  const busy = create.isPending || save.isPending || publish.isPending || remove.isPending;
  // The store's page of the event: a child company's events live under its /c/{uid}/ prefix.
  const storePath = current
    ? `${company === app.company.uid ? '' : `/c/${company}`}/events/${current.uid}`
    : '';

  // Someone else saved first: the form shows their event, to be changed again.
  const conflicted = (error: unknown) =>
    failed(
      error,
      (now: AdminEvent) => {
        setCurrent(now);
        form.reset(valuesOf(now, places));
      },
      'admin.events.conflict',
    );

  const submit = form.handleSubmit(async (values) => {
    setSaved('');
    setGeneral([]);
    form.clearErrors();
    const body = bodyOf(values);
    // The contract's rules first, each beside its field, before anything is sent.
    const checked = current
      ? adminEventInput.safeParse({ ...body, version: current.version })
      : adminEventCreate.safeParse({ ...body, published: publishOnCreate.current });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (
          (FIELDS as readonly string[]).includes(field) &&
          !form.getFieldState(field as keyof Values).error
        )
          form.setError(field as keyof Values, { type: 'client', message: issue.message });
      }
      setGeneral(['admin.events.invalid']);
      return;
    }
    try {
      if (!current) {
        const made = await create.mutateAsync({ ...body, published: publishOnCreate.current });
        toast.success(made.published ? t('admin.events.nowPublished') : t('admin.events.saved'));
        void navigate(`/admin/events/${made.uid}`);
        return;
      }
      const after = await save.mutateAsync({ uid: current.uid, ...body, version: current.version });
      setCurrent(after);
      form.reset(valuesOf(after, places));
      setSaved(t('admin.events.saved'));
    } catch (error) {
      conflicted(error);
    }
  });

  async function flip() {
    if (!current) return;
    setSaved('');
    setGeneral([]);
    try {
      const after = await publish.mutateAsync({
        uid: current.uid,
        published: !current.published,
        version: current.version,
      });
      setCurrent(after);
      setSaved(after.published ? t('admin.events.nowPublished') : t('admin.events.nowDraft'));
    } catch (error) {
      conflicted(error);
    }
  }

  async function onRemove() {
    if (!current) return;
    try {
      await remove.mutateAsync({ uid: current.uid, version: current.version });
      toast.success(t('admin.events.removed'));
      void navigate('/admin/events');
    } catch (error) {
      setConfirming(false);
      conflicted(error);
    }
  }

  return (
    <form
      className="admin-panel admin-event-form"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={current?.name ?? t('admin.events.new')}
    >
      {current ? (
        <div className="admin-event-form__status">
          <EventState event={current} />
          <p className="admin-page__note">
            {current.published ? t('admin.events.publishedNote') : t('admin.events.draftNote')}
          </p>
          {current.published ? <Link to={storePath}>{t('admin.events.viewInStore')}</Link> : null}
        </div>
      ) : null}
      <div className="admin-event-form__grid">
        <FormTextField form={form} name="name" label={t('admin.events.name')} />
        <SelectField
          label={t('admin.events.place')}
          error={e.place?.message}
          options={[
            ...places.map((p) => ({ value: p.uid, label: p.name })),
            // A place of the event no longer among the user's (kept so the form does not move it).
            ...(current?.place && !places.some((p) => p.uid === current.place?.uid)
              ? [{ value: current.place.uid, label: current.place.name }]
              : []),
            ...(limited ? [] : [{ value: '', label: t('admin.events.noPlace') }]),
          ]}
          {...form.register('place')}
        />
        <FormTextField
          form={form}
          name="location"
          label={t('admin.events.location')}
          hint={placeUid ? undefined : t('admin.events.locationHint')}
        />
        <FormTextField
          form={form}
          name="start_date"
          label={t('admin.events.startDate')}
          type="date"
        />
        <FormTextField
          form={form}
          name="start_time"
          label={t('admin.events.startTime')}
          type="time"
          hint={t('admin.events.startTimeHint')}
        />
        <FormTextField
          form={form}
          name="end_date"
          label={t('admin.events.endDate')}
          type="date"
          hint={t('admin.events.endDateHint')}
        />
        <FormTextField
          form={form}
          name="end_time"
          label={t('admin.events.endTime')}
          type="time"
          hint={t('admin.events.endTimeHint')}
        />
        <FormTextField
          form={form}
          name="link"
          label={t('admin.events.link')}
          type="url"
          inputMode="url"
          hint={t('admin.events.linkHint')}
        />
      </div>
      <TextAreaField
        label={t('admin.events.description')}
        error={e.description?.message}
        {...form.register('description')}
      />
      <ImageField
        label={t('admin.events.image')}
        value={image}
        onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        error={e.image?.message}
        errorAs="line"
        testId="event-image"
      />
      <SaveBar
        messages={general.map(message)}
        status={
          <p role="status" className="admin-page__note" data-testid="event-status">
            {saved}
          </p>
        }
        className="admin-event-form__actions"
      >
        {current ? (
          <>
            <SaveButton
              pending={save.isPending}
              disabled={busy}
              label={t('admin.events.save')}
              savingLabel={t('admin.events.saving')}
            />
            <button type="button" className="button" disabled={busy} onClick={() => void flip()}>
              {current.published ? t('admin.events.unpublish') : t('admin.events.publish')}
            </button>
            {confirming ? (
              <ConfirmInline
                className="admin-events__confirm"
                question={t('admin.events.confirmRemove', { name: current.name })}
                yes={t('admin.events.yesRemove')}
                no={t('admin.events.keep')}
                busy={remove.isPending}
                onYes={() => void onRemove()}
                onNo={() => setConfirming(false)}
              />
            ) : (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('admin.events.remove')}
              </button>
            )}
          </>
        ) : (
          <>
            <button
              type="submit"
              className="button"
              disabled={busy}
              onClick={() => (publishOnCreate.current = false)}
            >
              {t('admin.events.createDraft')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              onClick={() => (publishOnCreate.current = true)}
            >
              {t('admin.events.createPublished')}
            </button>
          </>
        )}
      </SaveBar>
    </form>
  );
}

/** /admin/events/new and /admin/events/{uid}. */
export function EventEditorPage({
  uid: given,
  places,
  company,
}: {
  uid?: string | null;
  places: EventPlaces;
  company: string;
}) {
  const { t } = useTranslation();
  const params = useParams();
  const uid = given === null ? null : (params.uid ?? '');
  return (
    <div className="admin-page">
      <Link to="/admin/events">{t('admin.events.back')}</Link>
      {uid === null ? (
        <>
          <h1 className="admin-page__title">{t('admin.events.new')}</h1>
          <EventForm event={null} places={places} company={company} />
        </>
      ) : (
        <ExistingEvent uid={uid} places={places} company={company} />
      )}
    </div>
  );
}

function ExistingEvent({
  uid,
  places,
  company,
}: {
  uid: string;
  places: EventPlaces;
  company: string;
}) {
  const { t } = useTranslation();
  return (
    <EditorLoad
      query={useEvent(uid)}
      notFound={t('admin.events.notFound')}
      back={{ to: '/admin/events', label: t('admin.events.back') }}
    >
      {(event) => (
        <>
          <h1 className="admin-page__title">{event.name}</h1>
          <EventForm key={event.uid} event={event} places={places} company={company} />
        </>
      )}
    </EditorLoad>
  );
}
