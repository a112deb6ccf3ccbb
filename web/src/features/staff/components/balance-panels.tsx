import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessages } from '@store/contract/messages';
import {
  staffPointsInput,
  staffStampsInput,
  type StaffClient,
} from '@store/contract/staff/schemas';
import { staffMessages } from '@store/contract/staff/messages';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { useAddPoints } from '../api/add-points';
import { useStamp } from '../api/add-stamps';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';
import { ActionPanel } from './action-panel';

/** The company's programs the client belongs to, with what each one allows. */
function useClientPrograms(client: StaffClient) {
  const { me } = useStaff();
  return me.programs.filter((p) => client.memberships.some((m) => m.program_uid === p.uid));
}

const stampsSchema = staffStampsInput.pick({ program_uid: true, quantity: true });
type StampsIn = z.input<typeof stampsSchema>;
type StampsOut = z.output<typeof stampsSchema>;

/** Stamps for a purchase at the current place, in a program with stamps. */
export function StampsPanel({ client }: { client: StaffClient }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const { placeUid } = useStaff();
  const programs = useClientPrograms(client).filter((p) => p.stamps_enabled);
  const form = useForm<StampsIn, unknown, StampsOut>({
    resolver: zodResolver(stampsSchema),
    defaultValues: { program_uid: programs[0]?.uid ?? '', quantity: '1' },
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['program_uid', 'quantity'],
    errorMessages.updateFailed,
  );
  const stamp = useStamp();
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    if (!placeUid) return setGeneral([t('staff.choosePlace')]);
    try {
      await stamp.mutateAsync({ ...values, client_uid: client.uid, place_uid: placeUid });
      toast.success(t('staff.stamped', { count: values.quantity }));
      form.reset({ program_uid: values.program_uid, quantity: '1' });
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <ActionPanel title={t('staff.stampsTitle')}>
      {programs.length === 0 ? (
        <p className="staff-muted">{stm(staffMessages.featureDisabled)}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="staff-form">
          {programs.length > 1 ? (
            <SelectField
              label={t('staff.program')}
              options={programs.map((p) => ({ value: p.uid, label: p.name }))}
              error={e.program_uid?.message && stm(e.program_uid.message)}
              {...form.register('program_uid')}
            />
          ) : null}
          <TextField
            label={t('staff.quantity')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={e.quantity?.message && stm(e.quantity.message)}
            {...form.register('quantity')}
          />
          <FormAlert messages={general.map(stm)} />
          <button type="submit" className="button button--primary" disabled={stamp.isPending}>
            {stamp.isPending ? t('staff.saving') : t('staff.stampSubmit')}
          </button>
        </form>
      )}
    </ActionPanel>
  );
}

const pointsSchema = staffPointsInput.pick({ program_uid: true, amount: true, description: true });
type PointsIn = z.input<typeof pointsSchema>;
type PointsOut = z.output<typeof pointsSchema>;

/** Points by hand: amount above 0 and a description, only where the program enables it. */
export function PointsPanel({ client }: { client: StaffClient }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const { placeUid } = useStaff();
  const programs = useClientPrograms(client);
  const form = useForm<PointsIn, unknown, PointsOut>({
    resolver: zodResolver(pointsSchema),
    defaultValues: { program_uid: programs[0]?.uid ?? '', amount: '', description: '' },
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['program_uid', 'amount', 'description'],
    errorMessages.updateFailed,
  );
  const addPoints = useAddPoints();
  const selected = programs.find((p) => p.uid === form.watch('program_uid'));
  const enabled = !!selected && selected.points_enabled && selected.add_points_enabled;
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await addPoints.mutateAsync({
        ...values,
        client_uid: client.uid,
        place_uid: placeUid ?? undefined,
      });
      toast.success(t('staff.pointsAdded', { count: values.amount }));
      form.reset({ program_uid: values.program_uid, amount: '', description: '' });
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <ActionPanel title={t('staff.pointsTitle')}>
      <form onSubmit={onSubmit} noValidate className="staff-form">
        {programs.length > 1 ? (
          <SelectField
            label={t('staff.program')}
            options={programs.map((p) => ({ value: p.uid, label: p.name }))}
            error={e.program_uid?.message && stm(e.program_uid.message)}
            {...form.register('program_uid')}
          />
        ) : null}
        {!enabled ? (
          <p className="form-alert form-alert--info" data-testid="points-disabled">
            {stm(staffMessages.featureDisabled)}
          </p>
        ) : null}
        <fieldset className="staff-form__fields" disabled={!enabled}>
          <TextField
            label={t('staff.pointsAmount')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={e.amount?.message && stm(e.amount.message)}
            {...form.register('amount')}
          />
          <TextField
            label={t('staff.description')}
            maxLength={200}
            error={e.description?.message && stm(e.description.message)}
            {...form.register('description')}
          />
        </fieldset>
        <FormAlert messages={general.map(stm)} />
        <button
          type="submit"
          className="button button--primary"
          disabled={!enabled || addPoints.isPending}
        >
          {addPoints.isPending ? t('staff.saving') : t('staff.pointsSubmit')}
        </button>
      </form>
    </ActionPanel>
  );
}
