import { useTranslation } from 'react-i18next';
import { LANDING_SECTION_PARTS } from '@store/contract/admin/landing';
import { CheckboxField, TextField } from '../../../components/form-fields';
import { RichText } from '../branding/rich-text';
import {
  ButtonsEditor,
  CardsEditor,
  ImagesEditor,
  RemoveButton,
  useFieldError,
  type Form,
} from './section-parts';

export function SectionEditor({
  form,
  index,
  count,
  open,
  onToggle,
  onMove,
  onRemove,
}: {
  form: Form;
  index: number;
  count: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  onMove: (to: number, direction: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const base = `sections.${index}` as const;
  const section = form.watch(base);
  const parts = LANDING_SECTION_PARTS[section.type];
  const typeName = t(`admin.landing.type_${section.type}`);
  const name = `${typeName}: ${section.tittle.trim() || t('admin.landing.untitled')}`;
  return (
    <li className="admin-landing__section" data-testid="landing-section" data-type={section.type}>
      <div className="admin-landing__section-bar">
        <span className="admin-landing__section-name">
          <span className="admin-landing__position">{index + 1}.</span> {name}
          {section.is_active ? null : (
            <span className="admin-badge admin-badge--off">{t('admin.landing.hidden')}</span>
          )}
        </span>
        <span className="admin-landing__section-actions">
          <button
            type="button"
            id={`landing-up-${section.uid}`}
            className="button button--ghost admin-landing__move"
            aria-label={t('admin.landing.moveUp', { name })}
            disabled={index === 0}
            onClick={() => onMove(index - 1, 'up')}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            id={`landing-down-${section.uid}`}
            className="button button--ghost admin-landing__move"
            aria-label={t('admin.landing.moveDown', { name })}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1, 'down')}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </span>
      </div>
      <details open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
        <summary>{t('admin.landing.edit')}</summary>
        <div className="admin-landing__section-body">
          <CheckboxField
            label={t('admin.landing.active')}
            {...form.register(`${base}.is_active`)}
          />
          <TextField
            label={t('admin.landing.sectionTitle')}
            error={err(`${base}.tittle`)}
            id={`landing-title-${section.uid}`}
            {...form.register(`${base}.tittle`)}
          />
          {err(`${base}.type`) ? (
            <p className="form-field__error" role="alert">
              {err(`${base}.type`)}
            </p>
          ) : null}
          {section.type !== 'HEADER' && section.type !== 'CAROUSEL' ? (
            <RichText
              label={t('admin.landing.content')}
              value={section.content}
              onChange={(html) =>
                form.setValue(`${base}.content`, html === '<p></p>' ? '' : html, {
                  shouldDirty: true,
                })
              }
              testId="landing-content"
            />
          ) : null}
          {parts.link ? (
            <TextField
              label={t(
                section.type === 'FORM' ? 'admin.landing.formLink' : 'admin.landing.contactLink',
              )}
              inputMode="url"
              error={err(`${base}.link`)}
              {...form.register(`${base}.link`)}
            />
          ) : null}
          {parts.buttons ? <ButtonsEditor form={form} base={base} /> : null}
          {parts.cards ? (
            <CardsEditor form={form} base={base} withImage={section.type !== 'INFORMATIVE'} />
          ) : null}
          {parts.images ? <ImagesEditor form={form} base={base} /> : null}
          <RemoveButton
            label={t('admin.landing.removeSection', { name })}
            question={t('admin.landing.confirmRemove', { name })}
            onRemove={onRemove}
          />
        </div>
      </details>
    </li>
  );
}
