import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import type { RecordFilters } from '../logic';
import { useStaff } from './staff-context';

type PeriodFiltersProps = {
  filters: Pick<RecordFilters, 'date_from' | 'date_to' | 'place_uid'>;
  /** The server's message for a refused filter, in the reader's words. */
  errorOf: (field: 'date_from' | 'date_to' | 'place_uid') => string | undefined;
  onChange: (next: Partial<RecordFilters>) => void;
};

/** From and to dates, and the place when the staff member works at more than one. */
export function PeriodFilters({ filters, errorOf, onChange }: PeriodFiltersProps) {
  const { t } = useTranslation();
  const { places } = useStaff();
  return (
    <>
      <TextField
        label={t('staff.dateFrom')}
        type="date"
        value={filters.date_from}
        error={errorOf('date_from')}
        onChange={(e) => onChange({ date_from: e.target.value })}
      />
      <TextField
        label={t('staff.dateTo')}
        type="date"
        value={filters.date_to}
        error={errorOf('date_to')}
        onChange={(e) => onChange({ date_to: e.target.value })}
      />
      {places.length > 1 ? (
        <SelectField
          className="staff-form__full"
          label={t('staff.place')}
          value={filters.place_uid}
          placeholder={t('staff.allPlaces')}
          options={places.map((p) => ({ value: p.uid, label: p.name }))}
          error={errorOf('place_uid')}
          onChange={(e) => onChange({ place_uid: e.target.value })}
        />
      ) : null}
    </>
  );
}
