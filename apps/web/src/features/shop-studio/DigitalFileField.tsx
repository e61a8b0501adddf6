'use client';
/**
 * A digital product's file: the one it has (name and size — the owner never gets a URL of it), the
 * newly chosen one that will replace it, and a button opening a hidden file input named `Digital
 * file` (the same accessible name, for `setInputFiles`). Sent with the form's multipart request.
 */
import { useRef } from 'react';
import { Button } from 'antd';
import { CloseOutlined, FileOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Product } from '@stagepass/shared';
import { fileSize } from './product-form';
import css from './shop-studio.module.css';

export default function DigitalFileField({ current, picked, onPick, onClear, disabled }: { current: Product['digitalFile']; picked: File | null; onPick: (f: File) => void; onClear: () => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <div className={css.digital}>
      {picked ? (
        <div className={css.fileRow} role="group" aria-label={`New file ${picked.name}`}>
          <PaperClipOutlined aria-hidden />
          <span className={css.fileName}>
            <strong>{picked.name}</strong> <span className="muted">· {fileSize(picked.size)} · {current ? 'replaces the current file when you save' : 'uploaded when you save'}</span>
          </span>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${picked.name}`} onClick={onClear} disabled={disabled} />
        </div>
      ) : current ? (
        <div className={css.fileRow} role="group" aria-label={`Current file ${current.name}`}>
          <FileOutlined aria-hidden />
          <span className={css.fileName}>
            <strong>{current.name}</strong> <span className="muted">· {fileSize(current.size)}</span>
          </span>
        </div>
      ) : (
        <p className={`muted ${css.noFile}`}>No file yet. Buyers download it from their orders.</p>
      )}
      <input
        ref={input}
        type="file"
        aria-label="Digital file"
        className={css.fileInput}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onPick(f);
          e.target.value = '';
        }}
      />
      <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
        {current || picked ? 'Replace file' : 'Choose file'}
      </Button>
    </div>
  );
}
