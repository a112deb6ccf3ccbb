import { Suspense, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { get, useFieldArray, useForm, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANDING_TEXT_KEYS,
  DEFAULT_LANDING_TEXT_LIMITS,
  type DefaultLandingTextKey,
  type DefaultLandingTexts,
} from '@store/contract/tenancy/default-landing';
import {
  adminLandingInput,
  LANDING_LIMITS,
  LANDING_SECTION_PARTS,
  type AdminLanding,
  type AdminLandingInput,
} from '@store/contract/admin/landing';
import {
  landingSectionType,
  type LandingSection,
  type LandingSectionType,
} from '@store/contract/tenancy/landing';
import { ApiError } from '../../../api';
import { ConfirmInline } from '../../../components/confirm-inline';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useTenant } from '../../../lib/tenant';
import { useErrorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { RichText } from '../branding/rich-text';
import { ImageUpload } from '../media/image-upload';
import { useAdminLanding } from './api/get-landing';
import { useSaveLanding } from './api/save-landing';
import { LandingPreviewPane } from './preview';
import {
  bodyOf,
  draftOf,
  formPath,
  newSection,
  previewSections,
  previewTexts,
  type Draft,
  type DraftSection,
} from './draft';
import './landing.css';

type Form = UseFormReturn<Draft>;
const TYPES = landingSectionType.options;

/** The first message of a field, wherever it sits in the draft. */
function useFieldError(form: Form) {
  return (path: string) =>
    (get(form.formState.errors, path) as FieldError | undefined)?.message ?? undefined;
}

/** A remove button that asks first (inline), as every destructive action of the back office. */
function RemoveButton({
  label,
  question,
  onRemove,
}: {
  label: string;
  question: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <ConfirmInline
        className="admin-landing__confirm"
        question={question}
        yes={t('admin.landing.yes')}
        no={t('admin.landing.no')}
        busy={false}
        onYes={onRemove}
        onNo={() => setAsking(false)}
      />
    );
  return (
    <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
      {label}
    </button>
  );
}

/** A section's buttons, or a card's (the same fields, the same limit). */
function ButtonsEditor({
  form,
  base,
}: {
  form: Form;
  base: `sections.${number}` | `sections.${number}.cards.${number}`;
}) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const list = useFieldArray({ control: form.control, name: `${base}.buttons`, keyName: 'key' });
  return (
    <fieldset className="admin-landing__group">
      <legend>{t('admin.landing.buttons')}</legend>
      {err(`${base}.buttons`) ? (
        <p className="form-field__error" role="alert">
          {err(`${base}.buttons`)}
        </p>
      ) : null}
      {list.fields.map((field, j) => (
        <div key={field.key} className="admin-landing__item" data-testid="landing-button">
          <p className="admin-landing__item-title">{t('admin.landing.button', { n: j + 1 })}</p>
          <TextField
            label={t('admin.landing.buttonText')}
            error={err(`${base}.buttons.${j}.tittle`)}
            {...form.register(`${base}.buttons.${j}.tittle`)}
          />
          <TextField
            label={t('admin.landing.buttonLink')}
            error={err(`${base}.buttons.${j}.link`)}
            inputMode="url"
            {...form.register(`${base}.buttons.${j}.link`)}
          />
          <RemoveButton
            label={t('admin.landing.remove')}
            question={t('admin.landing.confirmRemoveItem', {
              name: t('admin.landing.button', { n: j + 1 }),
            })}
            onRemove={() => list.remove(j)}
          />
        </div>
      ))}
      {list.fields.length < LANDING_LIMITS.buttons ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => list.append({ uid: crypto.randomUUID(), tittle: '', link: '' })}
        >
          {t('admin.landing.addButton')}
        </button>
      ) : null}
    </fieldset>
  );
}

function CardsEditor({
  form,
  base,
  withImage,
}: {
  form: Form;
  base: `sections.${number}`;
  withImage: boolean;
}) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const list = useFieldArray({ control: form.control, name: `${base}.cards`, keyName: 'key' });
  return (
    <fieldset className="admin-landing__group">
      <legend>{t('admin.landing.cards')}</legend>
      <p className="admin-page__note">{t('admin.landing.cardsHint')}</p>
      {err(`${base}.cards`) ? (
        <p className="form-field__error" role="alert">
          {err(`${base}.cards`)}
        </p>
      ) : null}
      {list.fields.map((field, j) => {
        const path = `${base}.cards.${j}` as const;
        const name = form.watch(`${path}.tittle`) || t('admin.landing.card', { n: j + 1 });
        return (
          <div key={field.key} className="admin-landing__item" data-testid="landing-card">
            <p className="admin-landing__item-title">{t('admin.landing.card', { n: j + 1 })}</p>
            <CheckboxField
              label={t('admin.landing.active')}
              {...form.register(`${path}.is_active`)}
            />
            <TextField
              label={t('admin.landing.cardTitle')}
              error={err(`${path}.tittle`)}
              {...form.register(`${path}.tittle`)}
            />
            <TextField
              label={t('admin.landing.cardSubtitle')}
              error={err(`${path}.subtittle`)}
              {...form.register(`${path}.subtittle`)}
            />
            <RichText
              label={t('admin.landing.content')}
              value={form.watch(`${path}.content`)}
              onChange={(html) =>
                form.setValue(`${path}.content`, html === '<p></p>' ? '' : html, {
                  shouldDirty: true,
                })
              }
            />
            <TextField
              label={t('admin.landing.cardColor')}
              error={err(`${path}.color`)}
              {...form.register(`${path}.color`)}
            />
            {withImage ? (
              <>
                <ImageUpload
                  label={t('admin.landing.cardImage')}
                  value={form.watch(`${path}.image`) || null}
                  onChange={(url) =>
                    form.setValue(`${path}.image`, url ?? '', { shouldDirty: true })
                  }
                />
                {err(`${path}.image`) ? (
                  <p className="form-field__error" role="alert">
                    {err(`${path}.image`)}
                  </p>
                ) : null}
                <SelectField
                  label={t('admin.landing.imageSide')}
                  options={(['LEFT', 'RIGHT'] as const).map((side) => ({
                    value: side,
                    label: t(`admin.landing.side_${side}`),
                  }))}
                  {...form.register(`${path}.side`)}
                />
              </>
            ) : null}
            <ButtonsEditor form={form} base={path} />
            <RemoveButton
              label={t('admin.landing.remove')}
              question={t('admin.landing.confirmRemoveItem', { name })}
              onRemove={() => list.remove(j)}
            />
          </div>
        );
      })}
      {list.fields.length < LANDING_LIMITS.cards ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            list.append({
              uid: crypto.randomUUID(),
              is_active: true,
              tittle: '',
              subtittle: '',
              content: '',
              color: '',
              buttons: [],
              image: '',
              side: 'LEFT',
            })
          }
        >
          {t('admin.landing.addCard')}
        </button>
      ) : null}
    </fieldset>
  );
}

function ImagesEditor({ form, base }: { form: Form; base: `sections.${number}` }) {
  const { t } = useTranslation();
  const err = useFieldError(form);
  const list = useFieldArray({ control: form.control, name: `${base}.images`, keyName: 'key' });
  return (
    <fieldset className="admin-landing__group">
      <legend>{t('admin.landing.images')}</legend>
      <p className="admin-page__note">{t('admin.landing.imagesHint')}</p>
      {err(`${base}.images`) ? (
        <p className="form-field__error" role="alert">
          {err(`${base}.images`)}
        </p>
      ) : null}
      {list.fields.map((field, j) => {
        const path = `${base}.images.${j}` as const;
        return (
          <div key={field.key} className="admin-landing__item" data-testid="landing-image">
            <ImageUpload
              label={t('admin.landing.image', { n: j + 1 })}
              value={form.watch(`${path}.image`) || null}
              onChange={(url) => form.setValue(`${path}.image`, url ?? '', { shouldDirty: true })}
            />
            {err(`${path}.image`) ? (
              <p className="form-field__error" role="alert">
                {err(`${path}.image`)}
              </p>
            ) : null}
            <TextField
              label={t('admin.landing.imageLink')}
              inputMode="url"
              error={err(`${path}.link`)}
              {...form.register(`${path}.link`)}
            />
            <CheckboxField
              label={t('admin.landing.active')}
              {...form.register(`${path}.is_active`)}
            />
            <RemoveButton
              label={t('admin.landing.remove')}
              question={t('admin.landing.confirmRemoveItem', {
                name: t('admin.landing.image', { n: j + 1 }),
              })}
              onRemove={() => list.remove(j)}
            />
          </div>
        );
      })}
      {list.fields.length < LANDING_LIMITS.images ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            list.append({ uid: crypto.randomUUID(), image: '', link: '', is_active: true })
          }
        >
          {t('admin.landing.addImage')}
        </button>
      ) : null}
    </fieldset>
  );
}

function SectionEditor({
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

/** The built-in text each of the default landing's own texts replaces (the field's placeholder). */
function useBuiltInText() {
  const { t } = useTranslation();
  const app = useTenant();
  const keys: Record<DefaultLandingTextKey, string> = {
    welcome: t('landing.welcome', { name: app.company.name }),
    order_here: t('landing.orderHere'),
    favorites: t('landing.favorites'),
    more_products: t('landing.moreProducts'),
    places: t('landing.places'),
    about: t('landing.about'),
    contact: t('landing.contact'),
    contact_text: t('landing.contactText'),
  };
  return (key: DefaultLandingTextKey) => keys[key];
}

/** The default landing's own texts: empty shows the built-in one (its placeholder). */
function DefaultTextsEditor({ form }: { form: Form }) {
  const { t } = useTranslation();
  const builtIn = useBuiltInText();
  const error = useFieldError(form);
  return (
    <section className="admin-panel" aria-labelledby="landing-texts">
      <h2 id="landing-texts" className="admin-panel__title">
        {t('admin.landing.texts')}
      </h2>
      <p className="admin-page__note">{t('admin.landing.textsHint')}</p>
      <div className="admin-landing__texts" data-testid="landing-texts">
        {DEFAULT_LANDING_TEXT_KEYS.map((key) => (
          <TextField
            key={key}
            label={t(`admin.landing.text_${key}`)}
            placeholder={builtIn(key)}
            maxLength={DEFAULT_LANDING_TEXT_LIMITS[key]}
            error={error(`default_texts.${key}`)}
            {...form.register(`default_texts.${key}`)}
          />
        ))}
      </div>
    </section>
  );
}

function LandingForm({ landing }: { landing: AdminLanding }) {
  const { t } = useTranslation();
  const app = useTenant();
  const save = useSaveLanding(app.uid);
  const [version, setVersion] = useState(landing.version);
  const [general, setGeneral] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [newType, setNewType] = useState<LandingSectionType>('WELCOME');
  const focusNext = useRef<string | null>(null);
  const form = useForm<Draft>({ defaultValues: draftOf(landing) });
  const sections = useFieldArray({ control: form.control, name: 'sections', keyName: 'key' });
  // The whole draft, so the preview follows every keystroke.
  const draft = form.watch();

  // A moved section keeps the keyboard's focus on its move button (or the other one at an end),
  // in the same frame as the move: after the paint, a key pressed in between went to the page.
  useLayoutEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    const target = document.getElementById(id) as HTMLButtonElement | null;
    if (target && !target.disabled) target.focus();
    else
      document
        .getElementById(id.replace(/-(up|down)-/, (_, d) => (d === 'up' ? '-down-' : '-up-')))
        ?.focus();
  });

  const toggle = (uid: string, isOpen: boolean) =>
    setOpen((now) => {
      const next = new Set(now);
      if (isOpen) next.add(uid);
      else next.delete(uid);
      return next;
    });

  function reload(current: AdminLanding) {
    setVersion(current.version);
    form.reset(draftOf(current));
  }

  function showErrors(fields: Record<string, string>) {
    const opened = new Set(open);
    for (const [path, message] of Object.entries(fields)) {
      form.setError(formPath(path) as never, { type: 'server', message });
      const at = /^sections\.(\d+)/.exec(path);
      if (at) opened.add(form.getValues(`sections.${Number(at[1])}.uid`));
    }
    setOpen(opened);
  }

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setGeneral([]);
    form.clearErrors();
    const body: AdminLandingInput = bodyOf(values, version);
    // The contract's rules first, beside each field, before anything is sent.
    const checked = adminLandingInput.safeParse(body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        fields[path] ??= issue.message;
      }
      showErrors(fields);
      setGeneral(['admin.landing.invalid']);
      return;
    }
    try {
      const after = await save.mutateAsync(body);
      reload(after);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'admin.version_conflict') {
        reload((error.body as { current: AdminLanding }).current);
        setGeneral(['admin.landing.conflict']);
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const fields: Record<string, string> = {};
        const rest: string[] = [];
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (!messages.length) continue;
          if (
            field.startsWith('sections') ||
            field.startsWith('default_texts.') ||
            field === 'landing_page_type'
          )
            fields[field] = messages[0];
          else rest.push(messages[0]);
        }
        showErrors(fields);
        setGeneral(rest.length ? rest : ['admin.landing.invalid']);
        return;
      }
      setGeneral([
        error instanceof ApiError && error.detailMessage
          ? error.detailMessage
          : 'admin.landing.saveError',
      ]);
    }
  });

  const type = draft.landing_page_type;
  // The preview follows the typing a quarter of a second behind (compared as text: the draft
  // is a new object on every render), so a form's frame is not reloaded on every key.
  const shown = useDebouncedValue(JSON.stringify(previewSections(draft)), 250);
  const previewed = useMemo(() => JSON.parse(shown) as LandingSection[], [shown]);
  const shownTexts = useDebouncedValue(JSON.stringify(previewTexts(draft)), 250);
  const texts = useMemo(() => JSON.parse(shownTexts) as DefaultLandingTexts, [shownTexts]);
  const Preview = (
    <LandingPreviewPane
      type={type}
      sections={previewed}
      defaultTexts={texts}
      enabled={draft.landing_page}
    />
  );

  return (
    <div className="admin-landing">
      <form
        className="admin-landing__form"
        onSubmit={(ev) => void submit(ev)}
        noValidate
        aria-label={t('admin.landing.title')}
      >
        <section className="admin-panel">
          <CheckboxField label={t('admin.landing.enabled')} {...form.register('landing_page')} />
          <SelectField
            label={t('admin.landing.type')}
            options={(['DEFAULT', 'MODEL_2', 'MERCHANTS'] as const).map((value) => ({
              value,
              label: t(`admin.landing.type_${value}`),
            }))}
            {...form.register('landing_page_type')}
          />
          {type === 'DEFAULT' ? (
            <p className="admin-page__note">{t('admin.landing.defaultHint')}</p>
          ) : null}
          {type === 'MERCHANTS' ? (
            <p className="admin-page__note">{t('admin.landing.merchantsHint')}</p>
          ) : null}
        </section>

        {type === 'DEFAULT' ? <DefaultTextsEditor form={form} /> : null}

        <section className="admin-panel" aria-labelledby="landing-sections">
          <h2 id="landing-sections" className="admin-panel__title">
            {t('admin.landing.sections')}
          </h2>
          {sections.fields.length === 0 ? (
            <p className="admin-page__note">{t('admin.landing.noSections')}</p>
          ) : (
            <ol className="admin-landing__sections" data-testid="landing-sections">
              {sections.fields.map((field, i) => (
                <SectionEditor
                  key={field.key}
                  form={form}
                  index={i}
                  count={sections.fields.length}
                  open={open.has(form.getValues(`sections.${i}.uid`))}
                  onToggle={(isOpen) => toggle(form.getValues(`sections.${i}.uid`), isOpen)}
                  onMove={(to, direction) => {
                    focusNext.current = `landing-${direction}-${form.getValues(`sections.${i}.uid`)}`;
                    sections.move(i, to);
                  }}
                  onRemove={() => sections.remove(i)}
                />
              ))}
            </ol>
          )}
          <div className="admin-landing__add">
            <SelectField
              label={t('admin.landing.sectionType')}
              value={newType}
              onChange={(e) => setNewType(e.target.value as LandingSectionType)}
              options={TYPES.map((value) => ({ value, label: t(`admin.landing.type_${value}`) }))}
            />
            <button
              type="button"
              className="button button--ghost"
              disabled={sections.fields.length >= LANDING_LIMITS.sections}
              onClick={() => {
                const section: DraftSection = newSection(newType, crypto.randomUUID());
                sections.append(section, { shouldFocus: false });
                toggle(section.uid, true);
                focusNext.current = `landing-title-${section.uid}`;
              }}
            >
              {t('admin.landing.addSection')}
            </button>
          </div>
        </section>

        <FormAlert messages={general} />
        <div className="admin-landing__submit">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? t('admin.landing.saving') : t('admin.landing.save')}
          </button>
          <p role="status" className="admin-page__note" data-testid="landing-status">
            {saved && !form.formState.isDirty
              ? t('admin.landing.saved')
              : form.formState.isDirty
                ? t('admin.landing.unsaved')
                : ''}
          </p>
        </div>
      </form>
      {Preview}
    </div>
  );
}

/** /admin/landing: the store's landing page, its type and sections, with a live preview. */
export function LandingEditorPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const landing = useAdminLanding();
  let body: ReactNode;
  if (landing.isPending) body = <Loading />;
  else if (landing.isError)
    body = (
      <PageMessage
        title={t('admin.landing.loadError')}
        text={
          landing.error instanceof ApiError && landing.error.status === 403
            ? errorText(landing.error.detailMessage ?? '')
            : undefined
        }
      />
    );
  else body = <LandingForm landing={landing.data} />;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.landing.title')}</h1>
      </div>
      <p className="admin-page__note">{t('admin.landing.intro')}</p>
      <Suspense fallback={<Loading />}>{body}</Suspense>
    </div>
  );
}
