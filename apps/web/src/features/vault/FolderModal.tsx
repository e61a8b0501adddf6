'use client';
import { vaultFolderInputSchema, type VaultFolder } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import NameDialog from '@/components/NameDialog';

export type FolderDialogState = { mode: 'create' } | { mode: 'rename'; folder: VaultFolder } | null;

/** New folder (POST /vault/folders) or rename (PUT /vault/folders/{id}); a taken name → the server's 409 message. */
export default function FolderModal({ dialog, onClose, onSaved }: { dialog: FolderDialogState; onClose: () => void; onSaved: (folder: VaultFolder, created: boolean) => void }) {
  const rename = dialog?.mode === 'rename' ? dialog.folder : null;
  return (
    <NameDialog
      open={Boolean(dialog)}
      noun="folder"
      current={rename?.name}
      schema={vaultFolderInputSchema.shape.name}
      save={(name) => (rename ? call(routes.vault.renameFolder, { params: { id: rename._id }, body: { name } }) : call(routes.vault.createFolder, { body: { name } }))}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
