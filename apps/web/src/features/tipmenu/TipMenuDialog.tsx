'use client';
import { Modal } from 'antd';
import { useTranslations } from 'next-intl';
import TipMenuPanel from './TipMenuPanel';

/** A creator's tip menu in a dialog (the conversation composer's menu button); ordering closes it. */
export default function TipMenuDialog({ performer, onClose }: { performer: { _id: string; name: string }; onClose: () => void }) {
  const t = useTranslations('profile');
  return (
    <Modal open title={t('tipMenuOf', { name: performer.name })} onCancel={onClose} footer={null} destroyOnHidden width={520}>
      <TipMenuPanel performer={performer} title={null} onOrdered={onClose} />
    </Modal>
  );
}
