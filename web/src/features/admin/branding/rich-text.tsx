import { useEffect, useRef } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

/** An empty editor's HTML, which the forms store as ''. */
const EMPTY = '<p></p>';

/**
 * A legal text's editor (TipTap on ProseMirror, in the back office's chunk only). It can only
 * produce the few tags its extensions know, and the server still sanitises what it stores.
 */
export function RichText({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  // The HTML this editor last reported through onChange. Whether `value` is news (a reloaded
  // record) or the echo of that typing is decided when rendering: by the time the effect runs
  // (after the paint) fast typing may have moved the editor on, and comparing with its live HTML
  // then put older text back over the newest keys.
  const reported = useRef(value);
  const echo = value === reported.current || (value === '' && reported.current === EMPTY);
  const editor = useEditor({
    // TipTap would add its styles in a <style> tag, which our CSP refuses: they are in admin.css.
    injectCSS: false,
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] } })],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      reported.current = e.getHTML();
      onChange(reported.current);
    },
  });
  // A reloaded record (after a conflict) replaces what the editor shows.
  useEffect(() => {
    if (!editor || echo) return;
    reported.current = value;
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, echo]);

  const tool = (name: string, active: boolean, run: () => void) => (
    <button
      type="button"
      className={active ? 'rich-text__tool rich-text__tool--on' : 'rich-text__tool'}
      aria-pressed={active}
      onClick={run}
    >
      {t(`admin.branding.${name}`)}
    </button>
  );

  return (
    <div className="rich-text" data-testid={testId}>
      <span className="rich-text__label">{label}</span>
      {editor ? (
        <div
          className="rich-text__toolbar"
          role="toolbar"
          aria-label={t('admin.branding.toolbar', { label })}
        >
          {tool('bold', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
          {tool('italic', editor.isActive('italic'), () =>
            editor.chain().focus().toggleItalic().run(),
          )}
          {tool('heading', editor.isActive('heading', { level: 2 }), () =>
            editor.chain().focus().toggleHeading({ level: 2 }).run(),
          )}
          {tool('bulletList', editor.isActive('bulletList'), () =>
            editor.chain().focus().toggleBulletList().run(),
          )}
          {tool('orderedList', editor.isActive('orderedList'), () =>
            editor.chain().focus().toggleOrderedList().run(),
          )}
        </div>
      ) : null}
      <EditorContent editor={editor} className="rich-text__body" />
    </div>
  );
}
