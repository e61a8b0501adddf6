'use client';
/**
 * /creator/vault: every media file the creator uploaded (GET /vault), as a grid with a type filter,
 * a caption search and folders (all / outside folders / each folder; create, rename, delete) — all
 * kept in the URL (`type`, `q`, `folder`). A file's caption and folder are edited in a dialog
 * (PUT /vault/{id}); a file no post or message uses can be deleted (DELETE /vault/{id}; in use →
 * the server's 409 message). "Upload media" sends files to POST /messages/private/file (each upload
 * lands in the vault, into the open folder when one is open).
 */
import { useRef, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { App, Button, Card, Dropdown, Input, Radio, Select, Tooltip } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOpenOutlined, FolderOutlined, InboxOutlined, MoreOutlined } from '@ant-design/icons';
import type { MediaType, VaultFolder, VaultItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useLatch } from '@/lib/use-latch';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import { AttachedFiles } from '@/features/feeds/composer/Uploads';
import { useMediaUploads, type UploadItem } from './useMediaUploads';
import { useVaultFolders, useVaultItems } from './useVault';
import { MEDIA_TYPE_OPTIONS, VaultGridSkeleton, VaultTile, vaultItemName } from './VaultTile';
import { VAULT_MEDIA_TYPES } from './vault-format';
import type { FolderDialogState } from './FolderModal';
import css from './vault.module.css';
import { plural } from '@/lib/format';

const VaultItemModal = dynamic(() => import('./VaultItemModal'), { ssr: false });
const FolderModal = dynamic(() => import('./FolderModal'), { ssr: false });


export default function Vault() {
  const { message, modal } = App.useApp();
  const t = useTableQuery();
  const f = t.query.filters;
  const type = VAULT_MEDIA_TYPES.find((v) => v === f.type);
  const q = (f.q || '').trim();
  const folders = useVaultFolders();
  const folderList = folders.data ?? [];
  // A folder id from the URL counts once the folders are known (a deleted one falls back to all).
  const folderId = f.folder === 'none' ? 'none' : folderList.some((x) => x._id === f.folder) ? f.folder : undefined;
  const list = useVaultItems({ type, q, folderId }, !f.folder || f.folder === 'none' || Boolean(folders.data));
  const [editing, setEditing] = useState<VaultItem | null>(null);
  const [folderDialog, setFolderDialog] = useState<FolderDialogState>(null);
  const editMounted = useLatch(Boolean(editing));
  const folderMounted = useLatch(Boolean(folderDialog));
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = () => {
    void list.mutate();
    void folders.mutate();
  };

  // Uploads: a ready one leaves the upload strip for the grid (a failed one stays, with its
  // reason); a file uploaded while a folder is open goes into that folder.
  const uploadFolders = useRef(new Map<string, string>());
  const uploads = useMediaUploads(async (it: UploadItem) => {
    const into = uploadFolders.current.get(it.key);
    uploadFolders.current.delete(it.key);
    if (it.phase === 'ready' && it.file) {
      if (into) {
        try {
          await call(routes.vault.update, { params: { id: it.file._id }, body: { folderId: into } });
        } catch (e) {
          message.error(errorText(e));
        }
      }
      uploads.remove(it.key);
      message.success(`${it.name} is in your vault`);
    }
    refresh();
  });
  const onFiles = (files: FileList | null) => {
    const picked = Array.from(files || []);
    if (!picked.length) return;
    const keys = uploads.add(picked);
    if (folderId && folderId !== 'none') for (const k of keys) uploadFolders.current.set(k, folderId);
  };

  const selectFolder = (id: string | undefined) => t.set({ folder: id ?? null });

  const removeItem = (item: VaultItem) =>
    modal.confirm({
      title: 'Delete this file?',
      content: 'It leaves your vault for good. Files used in a post or a message cannot be deleted.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.vault.remove, { params: { id: item._id } });
          message.success('File deleted');
          refresh();
        } catch (e) {
          const status = (e as { statusCode?: number }).statusCode;
          if (status === 409) modal.warning({ title: 'This file is in use', content: errorText(e) });
          else message.error(errorText(e));
        }
      },
    });

  const removeFolder = (folder: VaultFolder) =>
    modal.confirm({
      title: `Delete the folder “${folder.name}”?`,
      content: 'Its files stay in your vault, outside folders.',
      okText: 'Delete folder',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.vault.removeFolder, { params: { id: folder._id } });
          message.success('Folder deleted');
          if (folderId === folder._id) selectFolder(undefined);
          refresh();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  const folderMenu = (folder: VaultFolder) => ({
    items: [
      { key: 'rename', icon: <EditOutlined />, label: 'Rename', onClick: () => setFolderDialog({ mode: 'rename', folder }) },
      { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true, onClick: () => removeFolder(folder) },
    ],
  });

  const current = folderList.find((x) => x._id === folderId);
  const filtered = Boolean(type || q || folderId);
  const totalAll = list.total;

  const folderEntry = (key: string, label: string, icon: ReactNode, count: number | undefined, active: boolean, onClick: () => void, folder?: VaultFolder) => (
    <li key={key} className={`${css.folder} ${active ? css.current : ''}`}>
      <button type="button" className={css.folderLink} aria-current={active ? 'true' : undefined} onClick={onClick}>
        {icon}
        <span className={css.folderName}>{label}</span>
        {count !== undefined && <span className={css.count}>{count}</span>}
      </button>
      {folder && (
        <Dropdown trigger={['click']} menu={folderMenu(folder)}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`Folder options ${folder.name}`} />
        </Dropdown>
      )}
    </li>
  );

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Vault</h1>
          <p className="page-lead">Every photo, video and sound you have uploaded, ready to reuse in posts and messages.</p>
        </div>
        <div>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept="image/*,video/*,audio/*"
            aria-label="Upload media"
            className={css.fileInput}
            onChange={(e) => {
              onFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => fileInput.current?.click()}>
            Upload media
          </Button>
        </div>
      </div>

      {uploads.items.length > 0 && (
        <div className={css.uploads}>
          <AttachedFiles media={uploads.items} onRemove={uploads.remove} />
        </div>
      )}

      <div className={css.layout}>
        <nav className={css.folderNav} aria-label="Folders">
          <div className={css.folderHead}>
            <h2 className={css.folderTitle}>Folders</h2>
            <Tooltip title="New folder">
              <Button type="text" size="small" icon={<FolderAddOutlined />} aria-label="New folder" onClick={() => setFolderDialog({ mode: 'create' })} />
            </Tooltip>
          </div>
          <ul className={css.folders}>
            {folderEntry('all', 'All files', <InboxOutlined aria-hidden="true" />, undefined, !folderId, () => selectFolder(undefined))}
            {folderEntry('none', 'Not in a folder', <FolderOutlined aria-hidden="true" />, undefined, folderId === 'none', () => selectFolder('none'))}
            {folderList.map((x) => folderEntry(x._id, x.name, <FolderOpenOutlined aria-hidden="true" />, x.total, folderId === x._id, () => selectFolder(x._id), x))}
          </ul>
        </nav>

        <Card styles={{ body: { padding: 16 } }}>
          <div className={css.folderSelect}>
            <Select
              aria-label="Folder"
              value={folderId ?? ''}
              onChange={(v) => selectFolder(v || undefined)}
              options={[
                { value: '', label: 'All files' },
                { value: 'none', label: 'Not in a folder' },
                ...folderList.map((x) => ({ value: x._id, label: `${x.name} (${x.total})` })),
              ]}
            />
            {current && (
              <Dropdown trigger={['click']} menu={folderMenu(current)}>
                <Button icon={<MoreOutlined />} aria-label={`Folder options ${current.name}`} />
              </Dropdown>
            )}
            <Button icon={<FolderAddOutlined />} aria-label="New folder" onClick={() => setFolderDialog({ mode: 'create' })} />
          </div>

          <div className={css.toolbar} role="search" aria-label="Filter the vault">
            <Radio.Group
              aria-label="Type"
              optionType="button"
              value={type ?? ''}
              onChange={(e) => t.set({ type: (e.target.value as MediaType | '') || null })}
              options={[{ value: '', label: 'All' }, ...MEDIA_TYPE_OPTIONS]}
            />
            <Input.Search
              key={f.q ?? ''}
              aria-label="Search the vault"
              placeholder="Search captions"
              allowClear
              defaultValue={q}
              onSearch={(v) => t.set({ q: v.trim() || null })}
              className={css.search}
            />
          </div>

          {list.error && !list.items.length ? (
            <ErrorState title="Your vault didn't load" message={errorText(list.error)} onRetry={() => void list.mutate()} />
          ) : list.isLoading || (!list.items.length && !list.error && list.isValidating) ? (
            <VaultGridSkeleton />
          ) : list.items.length === 0 ? (
            filtered ? (
              <EmptyState
                title={current ? `“${current.name}” is empty` : folderId === 'none' ? 'Every file is in a folder' : 'Nothing matches'}
                description={current ? 'Move files here with Edit on a file.' : 'Try another type or search.'}
                action={
                  type || q ? (
                    <Button onClick={() => t.set({ type: null, q: null })}>Clear filters</Button>
                  ) : undefined
                }
              />
            ) : (
              <EmptyState
                title="Your vault is empty"
                description="Photos, videos and sounds you upload for posts and messages are kept here to reuse."
                action={
                  <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => fileInput.current?.click()}>
                    Upload media
                  </Button>
                }
              />
            )
          ) : (
            <>
              <ul className={css.grid} aria-label="Vault files">
                {list.items.map((it) => (
                  <VaultTile
                    key={it._id}
                    item={it}
                    actions={
                      <>
                        <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Edit ${vaultItemName(it)}`} title="Edit" onClick={() => setEditing(it)} />
                        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${vaultItemName(it)}`} title="Delete" onClick={() => removeItem(it)} />
                      </>
                    }
                  />
                ))}
              </ul>
              <div className={css.more}>
                {list.hasMore ? (
                  <Button onClick={list.loadMore} loading={list.isLoadingMore}>
                    Load more
                  </Button>
                ) : (
                  <span className="muted">{plural(totalAll, 'file')}</span>
                )}
              </div>
            </>
          )}
        </Card>
      </div>

      {editMounted && (
        <VaultItemModal
          item={editing}
          folders={folderList}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {folderMounted && (
        <FolderModal
          dialog={folderDialog}
          onClose={() => setFolderDialog(null)}
          onSaved={(saved, created) => {
            setFolderDialog(null);
            void folders.mutate();
            if (created) selectFolder(saved._id);
          }}
        />
      )}
    </div>
  );
}
