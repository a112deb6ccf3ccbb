import { useTranslation } from 'react-i18next';
import type { PickupSchedule } from '@store/contract/catalog/places';
import { SelectField } from '../../../components/form-fields';
import { slotRange } from '../../../lib/checkout-logic';
import type { FormBinding } from '../form/form-binding';
import { useFormat } from '../../../lib/format';

type PickupSlotFieldsProps = {
  binding: FormBinding<'pickup_date' | 'pickup_start'>;
  /** Undefined while the place's schedule is loading. */
  schedule: PickupSchedule | undefined;
};

/** The day and the time to pick the order up, from the place's open slots. */
export function PickupSlotFields({ binding, schedule }: PickupSlotFieldsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const dateLabel = (day: string) =>
    format.day(day, { weekday: 'long', day: 'numeric', month: 'long' });
  const days = schedule?.days.filter((d) => d.slots.length > 0) ?? [];
  const chosenDate = binding.value('pickup_date');
  const slots = days.find((d) => d.date === chosenDate)?.slots ?? [];
  return (
    <div className="checkout-row">
      <SelectField
        label={t('checkout.pickupDate')}
        placeholder={t('checkout.chooseDate')}
        options={days.map((d) => ({ value: d.date, label: dateLabel(d.date) }))}
        error={binding.error('pickup_date')}
        {...binding.input('pickup_date')}
      />
      <SelectField
        label={t('checkout.pickupTime')}
        placeholder={t('checkout.chooseTime')}
        options={slots.map((s) => ({ value: s.start, label: slotRange(s) }))}
        error={binding.error('pickup_start')}
        disabled={!chosenDate}
        {...binding.input('pickup_start')}
      />
      {schedule && days.length === 0 ? (
        <p className="checkout-note">{t('checkout.noSlots')}</p>
      ) : null}
    </div>
  );
}
