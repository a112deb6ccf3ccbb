import { formRules, firstError } from '@store/contract/forms/rules';
import { formMessages } from '@store/contract/form-messages';

/** A typed field that holds a finite number. */
export const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/**
 * The error of a delivery pin's coordinate as the form holds it: required, a number, and no
 * further than `maxDegrees` from zero (90 for a latitude, 180 for a longitude).
 */
export function coordinateError(value: string, maxDegrees: 90 | 180): string | undefined {
  return (
    firstError(value, formRules.required, formRules.numeric) ??
    (isNumber(value) && Math.abs(Number(value)) > maxDegrees
      ? formMessages.positiveNumber
      : undefined)
  );
}
