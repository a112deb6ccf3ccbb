import { useTranslation } from 'react-i18next';

/** Minus / value / plus; never below `min`; plus disabled when asked (at stock). */
export function QuantityControl({
  value,
  onChange,
  min = 0,
  plusDisabled = false,
  label,
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  plusDisabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="quantity" role="group" aria-label={label}>
      <button
        type="button"
        className="quantity__button"
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={value <= min}
        aria-label={t('catalog.decrease')}
      >
        −
      </button>
      <output className="quantity__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="quantity__button"
        onClick={() => onChange(value + 1)}
        disabled={plusDisabled}
        aria-label={t('catalog.increase')}
      >
        +
      </button>
    </div>
  );
}
