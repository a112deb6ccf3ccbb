import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';
import { newGroup, newOption, type ProductValues } from './product-form-values';

type ListError = { message?: string; root?: { message?: string } } | undefined;
const listMessage = (error: ListError) => error?.root?.message ?? error?.message;

/**
 * The option groups a shopper picks from (size, extras...): add, remove and move groups and
 * their options. Kept uids travel with their rows, so carts that chose an option still price.
 */
export function OptionGroupsEditor() {
  const { t } = useTranslation();
  const { control } = useFormContext<ProductValues>();
  const groups = useFieldArray({ control, name: 'option_groups', keyName: 'key' });
  return (
    <fieldset className="product-form__section" data-testid="option-groups">
      <legend>{t('admin.product.optionGroups')}</legend>
      <p className="form-field__hint">{t('admin.product.optionGroupsHint')}</p>
      {groups.fields.length === 0 ? <p>{t('admin.product.noGroups')}</p> : null}
      <ol className="product-form__groups">
        {groups.fields.map((field, index) => (
          <li key={field.key} className="product-form__group" data-testid="option-group">
            <GroupEditor index={index} />
            <div className="product-form__moves">
              <button
                type="button"
                className="button button--ghost"
                disabled={index === 0}
                onClick={() => groups.move(index, index - 1)}
              >
                {t('admin.product.moveUp', { what: t('admin.product.groupN', { n: index + 1 }) })}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={index === groups.fields.length - 1}
                onClick={() => groups.move(index, index + 1)}
              >
                {t('admin.product.moveDown', {
                  what: t('admin.product.groupN', { n: index + 1 }),
                })}
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => groups.remove(index)}
              >
                {t('admin.product.removeGroup', { n: index + 1 })}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={() => groups.append(newGroup())}>
        {t('admin.product.addGroup')}
      </button>
    </fieldset>
  );
}

function GroupEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { control, register, formState } = useFormContext<ProductValues>();
  const options = useFieldArray({
    control,
    name: `option_groups.${index}.options`,
    keyName: 'key',
  });
  const errors = formState.errors.option_groups?.[index];
  const n = index + 1;
  const optionsError = listMessage(errors?.options as ListError);
  return (
    <div className="product-form__group-body">
      <h3 className="product-form__group-title">{t('admin.product.groupN', { n })}</h3>
      <div className="product-form__grid">
        <TextField
          label={t('admin.product.groupName', { n })}
          error={errors?.name?.message}
          {...register(`option_groups.${index}.name`)}
        />
        <TextField
          label={t('admin.product.minimum', { n })}
          type="number"
          inputMode="numeric"
          min={0}
          error={errors?.minimum_to_select?.message}
          {...register(`option_groups.${index}.minimum_to_select`, { valueAsNumber: true })}
        />
        <TextField
          label={t('admin.product.maximum', { n })}
          type="number"
          inputMode="numeric"
          min={1}
          error={errors?.maximum_to_select?.message}
          {...register(`option_groups.${index}.maximum_to_select`, { valueAsNumber: true })}
        />
      </div>
      <CheckboxField
        label={t('admin.product.groupActive', { n })}
        {...register(`option_groups.${index}.is_active`)}
      />
      <table className="product-form__options">
        <caption className="visually-hidden">{t('admin.product.optionsOf', { n })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.product.optionName')}</th>
            <th scope="col">{t('admin.product.optionPrice')}</th>
            <th scope="col">{t('admin.product.optionActive')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.product.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {options.fields.map((field, o) => {
            const e = errors?.options?.[o];
            const what = t('admin.product.optionN', { group: n, n: o + 1 });
            return (
              <tr key={field.key} data-testid="option-row">
                <td>
                  <TextField
                    label={t('admin.product.optionNameN', { what })}
                    className="product-form__cell"
                    error={e?.name?.message}
                    {...register(`option_groups.${index}.options.${o}.name`)}
                  />
                </td>
                <td>
                  <TextField
                    label={t('admin.product.optionPriceN', { what })}
                    className="product-form__cell"
                    inputMode="decimal"
                    error={e?.price?.message}
                    {...register(`option_groups.${index}.options.${o}.price`)}
                  />
                </td>
                <td>
                  <CheckboxField
                    label={t('admin.product.optionActiveN', { what })}
                    {...register(`option_groups.${index}.options.${o}.is_active`)}
                  />
                </td>
                <td className="product-form__row-actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={o === 0}
                    aria-label={t('admin.product.moveUp', { what })}
                    onClick={() => options.move(o, o - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={o === options.fields.length - 1}
                    aria-label={t('admin.product.moveDown', { what })}
                    onClick={() => options.move(o, o + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={t('admin.product.removeOption', { what })}
                    onClick={() => options.remove(o)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {optionsError ? (
        <p className="form-field__error" role="alert">
          {errorText(optionsError)}
        </p>
      ) : null}
      <button type="button" className="button" onClick={() => options.append(newOption())}>
        {t('admin.product.addOption', { n })}
      </button>
    </div>
  );
}
