'use client';
/**
 * The static-page editor: tiptap (StarterKit — paragraphs, headings 2–4, bold, italic, underline,
 * strike, lists, quote, code, rule — with its Link extension), loaded on demand by PageEditor
 * (next/dynamic), never in another page's bundle. Its HTML goes to the API, which keeps only the
 * page allow-list (rich-text.ts `sanitizePageHtml`): what the editor makes is exactly what stays.
 */
import { useEffect, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip } from 'antd';
import {
  BoldOutlined, CodeOutlined, ItalicOutlined, LineOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined,
  UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { isHttpUrl } from '@stagepass/shared';
import css from './admin-site.module.css';

export interface RichTextEditorProps {
  id?: string;
  /** The accessible name of the editing area. */
  label: string;
  value?: string;
  onChange?: (html: string) => void;
}

const isSitePath = (href: string) => /^\/(?![/\\])\S*$/.test(href);

function Tool({ label, active, disabled, onClick, icon, text }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; icon?: React.ReactNode; text?: string }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} aria-pressed={active} disabled={disabled} onClick={onClick} icon={icon} className={active ? css.toolActive : undefined}>
        {text}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'), code: e.isActive('codeBlock'), link: e.isActive('link'), undo: e.can().undo(), redo: e.can().redo(),
    }),
  });
  const c = () => editor.chain().focus();
  return (
    <div className={css.toolbarRow} role="toolbar" aria-label="Formatting">
      <Tool label="Bold" icon={<BoldOutlined />} active={s.bold} onClick={() => c().toggleBold().run()} />
      <Tool label="Italic" icon={<ItalicOutlined />} active={s.italic} onClick={() => c().toggleItalic().run()} />
      <Tool label="Underline" icon={<UnderlineOutlined />} active={s.underline} onClick={() => c().toggleUnderline().run()} />
      <Tool label="Strike-through" icon={<StrikethroughOutlined />} active={s.strike} onClick={() => c().toggleStrike().run()} />
      <Tool label="Heading" text="H2" active={s.h2} onClick={() => c().toggleHeading({ level: 2 }).run()} />
      <Tool label="Subheading" text="H3" active={s.h3} onClick={() => c().toggleHeading({ level: 3 }).run()} />
      <Tool label="Bulleted list" icon={<UnorderedListOutlined />} active={s.bullet} onClick={() => c().toggleBulletList().run()} />
      <Tool label="Numbered list" icon={<OrderedListOutlined />} active={s.ordered} onClick={() => c().toggleOrderedList().run()} />
      <Tool label="Quote" text="“ ”" active={s.quote} onClick={() => c().toggleBlockquote().run()} />
      <Tool label="Code block" icon={<CodeOutlined />} active={s.code} onClick={() => c().toggleCodeBlock().run()} />
      <Tool label="Divider" icon={<LineOutlined />} onClick={() => c().setHorizontalRule().run()} />
      <Tool label={s.link ? 'Edit link' : 'Link'} icon={<LinkOutlined />} active={s.link} onClick={onLink} />
      <Tool label="Undo" icon={<UndoOutlined />} disabled={!s.undo} onClick={() => c().undo().run()} />
      <Tool label="Redo" icon={<RedoOutlined />} disabled={!s.redo} onClick={() => c().redo().run()} />
    </div>
  );
}

export default function RichTextEditor({ id, label, value, onChange }: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https' } })],
    content: value || '',
    editorProps: { attributes: { id: id ?? '', 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (the form's reset) replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const openLink = () => {
    setHref(editor?.getAttributes('link').href ?? '');
    setLinkError(null);
    setLinkOpen(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const h = href.trim();
    if (!h) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (isHttpUrl(h) || isSitePath(h)) editor.chain().focus().extendMarkRange('link').setLink({ href: h }).run();
    else {
      setLinkError('An http(s) address or a path on this site starting with /');
      return;
    }
    setLinkOpen(false);
  };

  return (
    <div className={css.editor}>
      {editor && <Toolbar editor={editor} onLink={openLink} />}
      <EditorContent editor={editor} className={css.editorArea} />
      <Modal open={linkOpen} title="Link" okText="Apply" onOk={applyLink} onCancel={() => setLinkOpen(false)} destroyOnHidden>
        <label htmlFor="page-link-href">Link address</label>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the user just opened: focus goes to its first field (the WAI-ARIA dialog pattern), not a page load */}
        <Input id="page-link-href" value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={applyLink} placeholder="https://… or /page/…" status={linkError ? 'error' : undefined} autoFocus />
        {linkError && (
          <div role="alert" className="ant-form-item-explain-error">
            {linkError}
          </div>
        )}
        <p className="muted">Leave empty to remove the link.</p>
      </Modal>
    </div>
  );
}
