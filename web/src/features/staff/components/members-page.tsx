import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessages } from '@store/contract/messages';
import {
  staffInvitationInput,
  staffRole,
  type StaffInvitation,
  type StaffMember,
} from '@store/contract/staff/schemas';
import { useMe } from '../../../api/get-me';
import { serverFormErrors } from '../../../lib/form-errors';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useInvitations } from '../api/get-invitations';
import { useMembers } from '../api/get-members';
import { useInvite } from '../api/invite';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';
import { formatInstant } from '../../../lib/format';

type In = z.input<typeof staffInvitationInput>;
type Out = z.output<typeof staffInvitationInput>;

/**
 * /staff/members (owners): who serves the store, with which role and at which places, and the
 * invitations still waiting for an answer. Someone new is invited by email: the role reaches
 * their account only when they accept the mailed link with that address.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const members = useMembers();
  const me = useMe();
  return (
    <div className="staff-page">
      <GrantForm />
      <Invitations />
      <section className="staff-panel" aria-labelledby="staff-members-title">
        <h2 id="staff-members-title" className="staff-panel__title">
          {t('staff.membersTitle')}
        </h2>
        {/* The list waits for the signed-in member too: their own row must never offer "remove". */}
        {members.isPending || me.isPending ? (
          <Loading />
        ) : members.isError || me.isError ? (
          <FormAlert messages={[t('staff.fetchError')]} />
        ) : (
          <ul className="staff-promotions" aria-label={t('staff.membersTitle')}>
            {members.data.map((m) => (
              <MemberRow key={m.user_uid} member={m} self={m.user_uid === me.data.uid} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function MemberRow({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email || '—';
  const onRemove = () =>
    remove.mutate(member.user_uid, {
      onSuccess: () => toast.success(t('staff.memberRemoved', { name })),
      onError: (error) => {
        const parsed = serverFormErrors(error, []);
        toast.error(stm(parsed.general[0] ?? errorMessages.updateFailed));
      },
      onSettled: () => setConfirming(false),
    });
  return (
    <li className="staff-promotion" data-member={member.email ?? member.user_uid}>
      <span className="staff-promotion__name">
        <strong>{name}</strong>
        <small>
          {member.email} · {t(`staff.role_${member.role}`)} ·{' '}
          {member.places.length
            ? member.places.map((p) => p.name).join(', ')
            : t('staff.allPlaces')}
        </small>
      </span>
      {self ? (
        <small className="staff-muted">{t('staff.you')}</small>
      ) : confirming ? (
        <span className="staff-form__buttons">
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={onRemove}
          >
            {t('staff.removeYes')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(false)}
          >
            {t('staff.cancelNo')}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setConfirming(true)}
          aria-label={t('staff.removeMember', { name })}
        >
          {t('staff.remove')}
        </button>
      )}
    </li>
  );
}

function GrantForm() {
  const { t } = useTranslation();
  const stm = useErrorText();
  const { places } = useStaff();
  const empty: In = { email: '', role: 'STAFF', place_uids: [] };
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(staffInvitationInput),
    defaultValues: empty,
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['email', 'role'],
    errorMessages.updateFailed,
  );
  const grant = useInvite();
  const chosen = form.watch('place_uids') ?? [];
  const toggle = (uid: string, on: boolean) =>
    form.setValue('place_uids', on ? [...chosen, uid] : chosen.filter((u) => u !== uid), {
      shouldDirty: true,
    });
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const invitation = await grant.mutateAsync(values);
      toast.success(t('staff.invitationSent', { email: invitation.email }));
      form.reset(empty);
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <section className="staff-panel" aria-labelledby="staff-grant-title">
      <h2 id="staff-grant-title" className="staff-panel__title">
        {t('staff.grantTitle')}
      </h2>
      <p className="staff-muted">{t('staff.grantText')}</p>
      <form onSubmit={onSubmit} noValidate className="staff-form staff-form--grid">
        <TextField
          label={t('staff.email')}
          type="email"
          autoComplete="off"
          error={e.email?.message && stm(e.email.message)}
          {...form.register('email')}
        />
        <SelectField
          label={t('staff.role')}
          options={staffRole.options.map((r) => ({ value: r, label: t(`staff.role_${r}`) }))}
          error={e.role?.message && stm(e.role.message)}
          {...form.register('role')}
        />
        {places.length > 1 ? (
          <fieldset className="staff-form__fields staff-places">
            <legend className="form-field__label">{t('staff.limitPlaces')}</legend>
            {places.map((p) => (
              <label key={p.uid} className="form-check__row">
                <input
                  type="checkbox"
                  className="form-check__input"
                  checked={chosen.includes(p.uid)}
                  onChange={(ev) => toggle(p.uid, ev.target.checked)}
                />
                <span>{p.name}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <FormAlert messages={general.map(stm)} />
        <button type="submit" className="button button--primary" disabled={grant.isPending}>
          {grant.isPending ? t('staff.saving') : t('staff.grantInvite')}
        </button>
      </form>
    </section>
  );
}

function Invitations() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  return (
    <section className="staff-panel" aria-labelledby="staff-invitations-title">
      <h2 id="staff-invitations-title" className="staff-panel__title">
        {t('staff.invitationsTitle')}
      </h2>
      {invitations.isPending ? (
        <Loading />
      ) : invitations.isError ? (
        <FormAlert messages={[t('staff.fetchError')]} />
      ) : invitations.data.length === 0 ? (
        <p className="staff-muted">{t('staff.noInvitations')}</p>
      ) : (
        <ul className="staff-promotions" aria-label={t('staff.invitationsTitle')}>
          {invitations.data.map((i) => (
            <InvitationRow key={i.uid} invitation={i} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: StaffInvitation }) {
  const { t, i18n } = useTranslation();
  const stm = useErrorText();
  const revoke = useRevokeInvitation();
  const date = formatInstant(invitation.expires_at, i18n.language, {
    day: 'numeric',
    month: 'short',
  });
  const onRevoke = () =>
    revoke.mutate(invitation.uid, {
      onSuccess: () => toast.success(t('staff.invitationRevoked', { email: invitation.email })),
      onError: (error) => {
        const parsed = serverFormErrors(error, []);
        toast.error(stm(parsed.general[0] ?? errorMessages.updateFailed));
      },
    });
  return (
    <li className="staff-promotion" data-invitation={invitation.email}>
      <span className="staff-promotion__name">
        <strong>{invitation.email}</strong>
        <small>
          {t(`staff.role_${invitation.role}`)} ·{' '}
          {invitation.places.length
            ? invitation.places.map((p) => p.name).join(', ')
            : t('staff.allPlaces')}{' '}
          ·{' '}
          {invitation.expired
            ? t('staff.invitationExpired')
            : t('staff.invitationExpires', { date })}
        </small>
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={revoke.isPending}
        onClick={onRevoke}
        aria-label={t('staff.revokeInvitation', { email: invitation.email })}
      >
        {t('staff.revoke')}
      </button>
    </li>
  );
}
