'use client';
import { fanListInputSchema, type FanList } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import NameDialog from '@/components/NameDialog';

export type ListDialogState = { mode: 'create' } | { mode: 'rename'; list: FanList } | null;

/** New list (POST /messages/lists) or rename (PUT /messages/lists/{id}); a taken name → the server's 409 message. */
export default function ListFormModal({ dialog, onClose, onSaved }: { dialog: ListDialogState; onClose: () => void; onSaved: (list: FanList, created: boolean) => void }) {
  const rename = dialog?.mode === 'rename' ? dialog.list : null;
  return (
    <NameDialog
      open={Boolean(dialog)}
      noun="list"
      current={rename?.name}
      schema={fanListInputSchema.shape.name}
      placeholder="e.g. VIP fans"
      save={(name) => (rename ? call(routes.messages.renameList, { params: { id: rename._id }, body: { name } }) : call(routes.messages.createList, { body: { name } }))}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
