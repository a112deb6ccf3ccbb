import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminMe } from '@store/contract/admin/schemas';
import {
  staffInvitationInput,
  staffRole,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
} from '@store/contract/staff/schemas';
import { useMe } from '../../../api/get-me';
import { ConfirmInline } from '../../../components/confirm-inline';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useErrorText } from '../../../lib/error-text';
import { serverFormErrors } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/format';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { useInvitations } from './api/get-invitations';
import { useStaffMembers } from './api/get-staff';
import { useInvite } from './api/invite';
import { useRemoveMember } from './api/remove-member';
import { useRevokeInvitation } from './api/revoke-invitation';
import { useUpdateMember } from './api/update-member';
import './staff.css';
import { AdminLoadError } from '../shell/admin-load-error';

type Places = AdminMe['places'];
type In = z.input<typeof staffInvitationInput>;
type Out = z.output<typeof staffInvitationInput>;

/** A failed call's first message in the reader's language (the field's, else the general one). */
function useFailureText() {
  const { t } = useTranslation();
  const stm = useErrorText();
  return (error: unknown) => {
    const parsed = serverFormErrors(error, []);
    const first = parsed.general[0] ?? Object.values(parsed.fields)[0];
    return first ? stm(first) : t('admin.staff.error');
  };
}

/** Which places a role is limited to; none ticked means every place. */
function PlacePicker({
  places,
  chosen,
  onChange,
  error,
}: {
  places: Places;
  chosen: string[];
  onChange: (uids: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  if (places.length < 2) return null;
  return (
    <fieldset className="admin-staff__places">
      <legend className="form-field__label">{t('admin.staff.places')}</legend>
      <p className="admin-page__note">{t('admin.staff.placesHint')}</p>
      {places.map((p) => (
        <label key={p.uid} className="form-check__row">
          <input
            type="checkbox"
            className="form-check__input"
            checked={chosen.includes(p.uid)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, p.uid] : chosen.filter((u) => u !== p.uid))
            }
          />
          <span>{p.name}</span>
        </label>
      ))}
      {error ? <p className="form-field__error">{error}</p> : null}
    </fieldset>
  );
}

const roleOptions = (t: (key: string) => string) =>
  staffRole.options.map((r) => ({ value: r, label: t(`admin.staff.role_${r}`) }));

/** Invite by email with a role and places; the contract's rules check it before it is sent. */
function InviteForm({ places }: { places: Places }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const invite = useInvite();
  const empty: In = { email: '', role: 'STAFF', place_uids: [] };
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(staffInvitationInput),
    defaultValues: empty,
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['email', 'role'],
    'admin.staff.error',
  );
  const chosen = form.watch('place_uids') ?? [];
  const submit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const sent = await invite.mutateAsync(values);
      toast.success(t('admin.staff.invited', { email: sent.email }));
      form.reset(empty);
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  const text = (m?: string) => (m ? (m.startsWith('admin.staff.') ? t(m) : stm(m)) : undefined);
  return (
    <section className="admin-panel" aria-labelledby="admin-staff-invite">
      <h2 id="admin-staff-invite" className="admin-panel__title">
        {t('admin.staff.inviteTitle')}
      </h2>
      <p className="admin-page__note">{t('admin.staff.inviteText')}</p>
      <form onSubmit={submit} noValidate className="admin-staff__form">
        <div className="admin-staff__grid">
          <TextField
            label={t('admin.staff.email')}
            type="email"
            autoComplete="off"
            error={text(e.email?.message)}
            {...form.register('email')}
          />
          <SelectField
            label={t('admin.staff.role')}
            options={roleOptions(t)}
            error={text(e.role?.message)}
            {...form.register('role')}
          />
        </div>
        <PlacePicker
          places={places}
          chosen={chosen}
          onChange={(uids) => form.setValue('place_uids', uids, { shouldDirty: true })}
        />
        <FormAlert messages={general.map((m) => text(m)!)} />
        <button type="submit" className="button button--primary" disabled={invite.isPending}>
          {invite.isPending ? t('admin.staff.inviting') : t('admin.staff.invite')}
        </button>
      </form>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: StaffInvitation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const failure = useFailureText();
  const resend = useInvite();
  const revoke = useRevokeInvitation();
  const [asking, setAsking] = useState(false);
  const roleName = t(`admin.role_${invitation.role}`);
  const onResend = () =>
    resend.mutate(
      {
        email: invitation.email,
        role: invitation.role,
        place_uids: invitation.places.map((p) => p.uid),
      },
      {
        onSuccess: () => toast.success(t('admin.staff.resent', { email: invitation.email })),
        onError: (error) => toast.error(failure(error)),
      },
    );
  const onRevoke = () =>
    revoke.mutate(invitation.uid, {
      onSuccess: () => toast.success(t('admin.staff.revoked', { email: invitation.email })),
      onError: (error) => toast.error(failure(error)),
      onSettled: () => setAsking(false),
    });
  return (
    <li className="admin-staff__row" data-invitation={invitation.email}>
      <span className="admin-staff__who">
        <strong>{invitation.email}</strong>
        <small>
          {roleName} ·{' '}
          {invitation.places.length
            ? invitation.places.map((p) => p.name).join(', ')
            : t('admin.staff.allPlaces')}{' '}
          ·{' '}
          {invitation.expired
            ? t('admin.staff.expired')
            : t('admin.staff.expires', {
                date: format.instant(invitation.expires_at, { dateStyle: 'medium' }),
              })}
        </small>
      </span>
      {asking ? (
        <ConfirmInline
          className="admin-staff__confirm"
          question={t('admin.staff.revokeQuestion', { email: invitation.email })}
          yes={t('admin.staff.revokeYes')}
          no={t('admin.staff.no')}
          busy={revoke.isPending}
          onYes={onRevoke}
          onNo={() => setAsking(false)}
        />
      ) : (
        <span className="admin-staff__actions">
          <button
            type="button"
            className="button button--small"
            disabled={resend.isPending}
            onClick={onResend}
          >
            {t('admin.staff.resend')}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setAsking(true)}
          >
            {t('admin.staff.revoke')}
          </button>
        </span>
      )}
    </li>
  );
}

function Invitations() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  return (
    <section className="admin-panel" aria-labelledby="admin-staff-pending">
      <h2 id="admin-staff-pending" className="admin-panel__title">
        {t('admin.staff.pendingTitle')}
      </h2>
      {invitations.isPending ? (
        <Loading />
      ) : invitations.isError ? (
        <AdminLoadError onRetry={() => invitations.refetch()} />
      ) : !invitations.data.length ? (
        <p className="admin-empty">{t('admin.staff.noPending')}</p>
      ) : (
        <ul className="admin-staff__list" data-testid="admin-staff-invitations">
          {invitations.data.map((i) => (
            <InvitationRow key={i.uid} invitation={i} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The role and places of one member, edited in place. */
function EditMember({
  member,
  name,
  places,
  onDone,
}: {
  member: StaffMember;
  name: string;
  places: Places;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const update = useUpdateMember();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [chosen, setChosen] = useState(member.places.map((p) => p.uid));
  const [error, setError] = useState<string | null>(null);
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    update.mutate(
      { uid: member.user_uid, role, place_uids: chosen },
      {
        onSuccess: () => {
          toast.success(t('admin.staff.saved', { name }));
          onDone();
        },
        onError: (err) => setError(failure(err)),
      },
    );
  };
  return (
    <form
      className="admin-staff__edit"
      onSubmit={save}
      aria-label={t('admin.staff.editOf', { name })}
    >
      <SelectField
        label={t('admin.staff.role')}
        options={roleOptions(t)}
        value={role}
        onChange={(e) => setRole(e.target.value as StaffRole)}
      />
      <PlacePicker places={places} chosen={chosen} onChange={setChosen} />
      <FormAlert messages={error ? [error] : []} />
      <span className="admin-staff__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {t('admin.staff.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('admin.staff.cancel')}
        </button>
      </span>
    </form>
  );
}

function MemberRow({
  member,
  self,
  places,
}: {
  member: StaffMember;
  self: boolean;
  places: Places;
}) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const remove = useRemoveMember();
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email || '—';
  const onRemove = () =>
    remove.mutate(member.user_uid, {
      onSuccess: () => toast.success(t('admin.staff.removed', { name })),
      onError: (error) => {
        toast.error(failure(error));
        setMode('view');
      },
    });
  return (
    <li className="admin-staff__row" data-member={member.email ?? member.user_uid}>
      <span className="admin-staff__who">
        <strong>{name}</strong>
        <small>
          {member.email} · <span data-role={member.role}>{t(`admin.role_${member.role}`)}</span> ·{' '}
          {member.places.length
            ? member.places.map((p) => p.name).join(', ')
            : t('admin.staff.allPlaces')}
        </small>
      </span>
      {self ? (
        <small className="admin-page__note">{t('admin.staff.you')}</small>
      ) : mode === 'edit' ? (
        <EditMember member={member} name={name} places={places} onDone={() => setMode('view')} />
      ) : mode === 'remove' ? (
        <ConfirmInline
          className="admin-staff__confirm"
          question={t('admin.staff.removeQuestion', { name })}
          yes={t('admin.staff.removeYes')}
          no={t('admin.staff.no')}
          busy={remove.isPending}
          onYes={onRemove}
          onNo={() => setMode('view')}
        />
      ) : (
        <span className="admin-staff__actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => setMode('edit')}
            aria-label={t('admin.staff.editOf', { name })}
          >
            {t('admin.staff.edit')}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setMode('remove')}
            aria-label={t('admin.staff.removeOf', { name })}
          >
            {t('admin.staff.remove')}
          </button>
        </span>
      )}
    </li>
  );
}

/** /admin/staff (owners): the team with roles and places, invitations, changes and removals. */
export function StaffPage({ places }: { places: Places }) {
  const { t } = useTranslation();
  const members = useStaffMembers();
  const me = useMe();
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.staff.title')}</h1>
      </div>
      <InviteForm places={places} />
      <Invitations />
      <section className="admin-panel" aria-labelledby="admin-staff-members">
        <h2 id="admin-staff-members" className="admin-panel__title">
          {t('admin.staff.membersTitle')}
        </h2>
        {/* Waits for the signed-in user too: their own row never offers a change. */}
        {members.isPending || me.isPending ? (
          <Loading />
        ) : members.isError || me.isError ? (
          <AdminLoadError onRetry={() => members.refetch()} />
        ) : (
          <ul className="admin-staff__list" data-testid="admin-staff-members">
            {members.data.map((m) => (
              <MemberRow
                key={m.user_uid}
                member={m}
                self={m.user_uid === me.data?.uid}
                places={places}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
