import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminRaffle } from '@store/contract/admin/raffles';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextAreaField,
} from '../../../components/form-fields';
import { useRaffle } from './api/get-raffle';
import { useRafflePrograms } from './api/get-raffles';
import { useCreateRaffle, useUpdateRaffle } from './api/save-raffle';
import { RaffleDrawPanel, RaffleEntries } from './raffle-draw';
import { RaffleState } from './raffle-state';
import { EditorLoad, SaveBar, SaveButton } from '../shell/editor-frame';
import { ImageField } from '../shell/image-field';
import { useEditorFeedback } from '../shell/use-editor-feedback';
import { FormTextField } from '../shell/form-text-field';

type Values = {
  program: string;
  name: string;
  description: string;
  prize: string;
  image: string | null;
  starts_at: string;
  ends_at: string;
  draw_at: string;
  winners_count: string;
  is_active: boolean;
};

/** The server's field names, so its 400s land on the right input. */
const FIELDS = [
  'program',
  'name',
  'description',
  'prize',
  'image',
  'starts_at',
  'ends_at',
  'draw_at',
  'winners_count',
  'is_active',
];

// The store's clock is Lima's (UTC-5 all year, no daylight saving): the inputs show and take
// its wall time, whatever the browser's zone.
const LIMA_OFFSET_MS = -5 * 3_600_000;
const toInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + LIMA_OFFSET_MS).toISOString().slice(0, 16) : '';
const fromInput = (v: string) => (v ? `${v}:00-05:00` : null);

function valuesOf(r: AdminRaffle | null, program = ''): Values {
  return {
    program: r?.program.uid ?? program,
    name: r?.name ?? '',
    description: r?.description ?? '',
    prize: r?.prize ?? '',
    image: r?.image ?? null,
    starts_at: toInput(r?.starts_at ?? null),
    ends_at: toInput(r?.ends_at ?? null),
    draw_at: toInput(r?.draw_at ?? null),
    winners_count: String(r?.winners_count ?? 1),
    is_active: r?.is_active ?? true,
  };
}

function bodyOf(v: Values) {
  const winners = Number(v.winners_count);
  return {
    name: v.name,
    description: v.description,
    prize: v.prize,
    image: v.image,
    starts_at: fromInput(v.starts_at),
    ends_at: fromInput(v.ends_at),
    draw_at: fromInput(v.draw_at),
    // NaN would travel as null: 0 lets the server name the field instead.
    winners_count: Number.isFinite(winners) ? winners : 0,
    is_active: v.is_active,
  };
}

/** The editor of a raffle: a new one (no `raffle`) or an existing one at its version. */
function RaffleForm({ raffle }: { raffle: AdminRaffle | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const programs = useRafflePrograms();
  const create = useCreateRaffle();
  const update = useUpdateRaffle();
  const [version, setVersion] = useState(raffle?.version ?? 0);
  const form = useForm<Values>({ defaultValues: valuesOf(raffle) });
  const { general, saved, setSaved, starting, failed } = useEditorFeedback(
    form.setError,
    FIELDS,
    'admin.raffles.saveError',
  );
  const e = form.formState.errors;
  const frozen = !!raffle?.drawn_at;
  const message = (m?: string) => (m?.startsWith('admin.raffles.') ? t(m) : m);
  const image = form.watch('image');

  const submit = form.handleSubmit(async (values) => {
    starting();
    try {
      if (!raffle) {
        const made = await create.mutateAsync({ program: values.program, ...bodyOf(values) });
        void navigate(`/admin/raffles/${made.uid}`);
        return;
      }
      const after = await update.mutateAsync({ uid: raffle.uid, ...bodyOf(values), version });
      setVersion(after.version);
      form.reset(valuesOf(after));
      setSaved(true);
    } catch (error) {
      // Someone else saved first: the form shows their raffle, to be changed again.
      failed(
        error,
        (current: AdminRaffle) => {
          setVersion(current.version);
          form.reset(valuesOf(current));
        },
        'admin.raffles.conflict',
      );
    }
  });

  return (
    <form
      className="admin-panel admin-raffle-form"
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={raffle?.name ?? t('admin.raffles.new')}
    >
      {frozen ? <FormAlert tone="info" messages={[t('admin.raffles.frozen')]} /> : null}
      <fieldset disabled={frozen} className="admin-raffle-form__fields">
        <div className="admin-raffle-form__grid">
          <SelectField
            label={t('admin.raffles.program')}
            disabled={!!raffle || frozen}
            error={e.program?.message}
            options={[
              ...(raffle ? [] : [{ value: '', label: '—' }]),
              ...(programs.data ?? (raffle ? [raffle.program] : [])).map((p) => ({
                value: p.uid,
                label: p.name,
              })),
            ]}
            {...form.register('program')}
          />
          <FormTextField form={form} name="name" label={t('admin.raffles.name')} />
          <FormTextField form={form} name="prize" label={t('admin.raffles.prize')} />
          <FormTextField
            form={form}
            name="winners_count"
            label={t('admin.raffles.winnersCount')}
            inputMode="numeric"
          />
          <FormTextField
            form={form}
            name="starts_at"
            label={t('admin.raffles.startsAt')}
            type="datetime-local"
            hint={t('admin.raffles.timeHint')}
          />
          <FormTextField
            form={form}
            name="ends_at"
            label={t('admin.raffles.endsAt')}
            type="datetime-local"
            hint={t('admin.raffles.timeHint')}
          />
          <FormTextField
            form={form}
            name="draw_at"
            label={t('admin.raffles.drawAt')}
            type="datetime-local"
            hint={t('admin.raffles.timeHint')}
          />
        </div>
        <TextAreaField
          label={t('admin.raffles.description')}
          error={e.description?.message}
          {...form.register('description')}
        />
        {/* A drawn raffle is never sent again, so no image error can stand beside a frozen one. */}
        {frozen ? null : (
          <ImageField
            label={t('admin.raffles.image')}
            value={image}
            onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
            error={e.image?.message}
            errorAs="line"
            testId="raffle-image"
          />
        )}
        <CheckboxField
          label={t('admin.raffles.active')}
          error={e.is_active?.message}
          {...form.register('is_active')}
        />
      </fieldset>
      <SaveBar messages={general.map((m) => message(m)!)} saved={saved && t('admin.raffles.saved')}>
        {frozen ? null : (
          <SaveButton
            pending={create.isPending || update.isPending}
            label={raffle ? t('admin.raffles.save') : t('admin.raffles.create')}
          />
        )}
      </SaveBar>
    </form>
  );
}

/** /admin/raffles/new. */
export function NewRafflePage() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <Link to="/admin/raffles">{t('admin.raffles.back')}</Link>
      <h1 className="admin-page__title">{t('admin.raffles.new')}</h1>
      <RaffleForm raffle={null} />
    </div>
  );
}

/** /admin/raffles/{uid}: the editor, the draw and the entrants. */
export function RafflePage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const back = { to: '/admin/raffles', label: t('admin.raffles.back') };
  return (
    <EditorLoad query={useRaffle(uid)} back={back}>
      {(raffle) => (
        <div className="admin-page">
          <Link to={back.to}>{back.label}</Link>
          <div className="admin-page__head">
            <h1 className="admin-page__title">{raffle.name}</h1>
            <RaffleState raffle={raffle} />
          </div>
          <RaffleForm key={`${raffle.uid}-${raffle.drawn_at ?? ''}`} raffle={raffle} />
          <RaffleDrawPanel raffle={raffle} />
          <RaffleEntries raffle={raffle} />
        </div>
      )}
    </EditorLoad>
  );
}
