import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '../../../components/form-fields';

/**
 * One list field of a discount rule (its categories, products or weekdays) as a group of
 * checkboxes, each adding its value to the field, with the field's error under them.
 */
export function ChoiceFieldset({
  legend,
  choices,
  field,
  error,
}: {
  legend: string;
  choices: readonly { value: string; label: string }[];
  field: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset className="admin-discount-choices">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <CheckboxField key={choice.value} label={choice.label} value={choice.value} {...field} />
      ))}
      {error ? <p role="alert">{error}</p> : null}
    </fieldset>
  );
}
