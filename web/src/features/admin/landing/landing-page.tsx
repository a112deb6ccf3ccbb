import { Suspense, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DefaultLandingTexts } from '@store/contract/tenancy/default-landing';
import {
  adminLandingInput,
  LANDING_LIMITS,
  type AdminLanding,
  type AdminLandingInput,
} from '@store/contract/admin/landing';
import {
  landingSectionType,
  type LandingSection,
  type LandingSectionType,
} from '@store/contract/tenancy/landing';
import { ApiError } from '../../../api';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useTenant } from '../../../lib/tenant';
import { useErrorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
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
import { SectionEditor } from './section-editor';
import { DefaultTextsEditor } from './default-texts-editor';
import './landing.css';
import { conflictRecord } from '../shell/version-conflict';
import { SaveBar, SaveButton } from '../shell/editor-frame';

const TYPES = landingSectionType.options;

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
      const current = conflictRecord<AdminLanding>(error);
      if (current) {
        reload(current);
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

        <SaveBar messages={general} className="admin-landing__submit">
          <SaveButton
            pending={save.isPending}
            label={t('admin.landing.save')}
            savingLabel={t('admin.landing.saving')}
          />
          <p role="status" className="admin-page__note" data-testid="landing-status">
            {saved && !form.formState.isDirty
              ? t('admin.landing.saved')
              : form.formState.isDirty
                ? t('admin.landing.unsaved')
                : ''}
          </p>
        </SaveBar>
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
