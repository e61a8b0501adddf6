'use client';
import { useState } from 'react';
import { Button, Input, Modal, Radio, Select, Typography } from 'antd';
import type { MediaType, VaultItem } from '@stagepass/shared';
import { errorText } from '@/lib/api';
import { plural } from '@/lib/format';
import { EmptyState, ErrorState } from '@/components/states';
import { useVaultFolders, useVaultItems } from './useVault';
import { MEDIA_TYPE_OPTIONS, PickableVaultTile, VaultGridSkeleton } from './VaultTile';
import css from './vault.module.css';

export interface VaultPickerProps {
  open: boolean;
  onClose: () => void;
  /** The chosen files (ready ones only), in the order they were picked. */
  onPick: (items: VaultItem[]) => void;
  /** Several files (default) or exactly one. */
  multiple?: boolean;
  /** Only files of this type (the type filter is hidden then). */
  type?: MediaType;
}

/**
 * "Choose from your vault": a dialog over the creator's vault (GET /vault) — type filter, caption
 * search, folder, "Load more" — where tiles toggle their selection. Load it with `LazyVaultPicker`
 * (its own chunk, mounted the first time it opens).
 */
export default function VaultPicker({ open, onClose, onPick, multiple = true, type }: VaultPickerProps) {
  return (
    <Modal open={open} onCancel={onClose} title="Choose from your vault" width={880} footer={null} centered destroyOnHidden>
      <PickerBody onClose={onClose} onPick={onPick} multiple={multiple} type={type} />
    </Modal>
  );
}

function PickerBody({ onClose, onPick, multiple, type: fixedType }: Omit<VaultPickerProps, 'open'>) {
  const [type, setType] = useState<MediaType | ''>(fixedType ?? '');
  const [q, setQ] = useState('');
  const [folderId, setFolderId] = useState<string>('');
  const [picked, setPicked] = useState<VaultItem[]>([]);
  const folders = useVaultFolders();
  const list = useVaultItems({ type: type || undefined, q, folderId: folderId || undefined });

  const toggle = (item: VaultItem) =>
    setPicked((cur) => (cur.some((p) => p._id === item._id) ? cur.filter((p) => p._id !== item._id) : multiple ? [...cur, item] : [item]));

  const filtered = Boolean(type && !fixedType) || Boolean(q) || Boolean(folderId);
  return (
    <>
      <div className={css.pickerBar} role="search" aria-label="Filter the vault">
        {!fixedType && (
          <Radio.Group
            aria-label="Type"
            optionType="button"
            value={type}
            onChange={(e) => setType(e.target.value as MediaType | '')}
            options={[{ value: '', label: 'All' }, ...MEDIA_TYPE_OPTIONS]}
          />
        )}
        <Input.Search aria-label="Search the vault" placeholder="Search captions" allowClear onSearch={(v) => setQ(v.trim())} className={css.search} />
        {(folders.data?.length ?? 0) > 0 && (
          <Select
            aria-label="Folder"
            value={folderId}
            onChange={setFolderId}
            popupMatchSelectWidth={false}
            options={[{ value: '', label: 'All folders' }, { value: 'none', label: 'Not in a folder' }, ...(folders.data ?? []).map((f) => ({ value: f._id, label: f.name }))]}
          />
        )}
      </div>

      <div className={css.pickerBody}>
        {list.error && !list.items.length ? (
          <ErrorState title="Your vault didn't load" message={errorText(list.error)} onRetry={() => void list.mutate()} />
        ) : list.isLoading ? (
          <VaultGridSkeleton count={8} />
        ) : list.items.length === 0 ? (
          <EmptyState
            title={filtered ? 'Nothing matches' : 'Your vault is empty'}
            description={filtered ? 'Try another type, folder or search.' : 'Everything you upload for posts and messages is kept here.'}
          />
        ) : (
          <>
            <ul className={css.grid} aria-label="Vault files">
              {list.items.map((it) => (
                <PickableVaultTile key={it._id} item={it} selected={picked.some((p) => p._id === it._id)} onToggle={() => toggle(it)} />
              ))}
            </ul>
            {list.hasMore && (
              <div className={css.more}>
                <Button onClick={list.loadMore} loading={list.isLoadingMore}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </div>

      <div className={`${css.pickerFoot} ant-modal-footer`}>
        <Typography.Text type="secondary" role="status">
          {picked.length ? `${plural(picked.length, 'file')} selected` : multiple ? 'Select one or more files' : 'Select a file'}
        </Typography.Text>
        <span>
          <Button onClick={onClose}>Cancel</Button>{' '}
          <Button
            type="primary"
            disabled={!picked.length}
            onClick={() => {
              onPick(picked.filter((p) => p.file.status === 'ready'));
              onClose();
            }}
          >
            {multiple ? 'Add selected' : 'Use this file'}
          </Button>
        </span>
      </div>
    </>
  );
}
