import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreas } from '../../../api/get-areas';
import { useCurrentCompany } from '../../../lib/current-company';
import { useChooseCity, useSelectedAreaUid } from '../../../lib/place-selection';

/** The side menu's city dropdown (spec: only when the company has more than one area). */
export function CitySelector() {
  const { t } = useTranslation();
  const id = useId();
  const company = useCurrentCompany();
  const areas = useAreas(company.uid);
  const areaUid = useSelectedAreaUid();
  const chooseCity = useChooseCity();
  if ((areas.data?.length ?? 0) < 2) return null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('catalog.city')}
      </label>
      <select
        id={id}
        className="field__control"
        value={areaUid ?? ''}
        onChange={(event) => chooseCity(event.target.value)}
      >
        {!areaUid ? <option value="">{t('catalog.chooseCity')}</option> : null}
        {areas.data?.map((area) => (
          <option key={area.uid} value={area.uid}>
            {area.name}
          </option>
        ))}
      </select>
    </div>
  );
}
