'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Tooltip } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useCurrentUser } from '@/store';
import { useTipMenu } from './useTipMenu';

/** The menu and its order dialog load when first opened. */
const TipMenuDialog = dynamic(() => import('./TipMenuDialog'), { ssr: false });

/** The conversation composer's menu button (a fan writing to a creator with a tip menu): the creator's menu in a dialog, ordered through the same dialog as on the profile. */
export default function TipMenuButton({ performer, className }: { performer: { _id: string; name: string; isPerformer?: boolean }; className?: string }) {
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const menu = useTipMenu(performer.isPerformer && me && !me.isPerformer ? performer._id : null);
  if (!menu.data?.length) return null;
  return (
    <>
      <Tooltip title={`${performer.name}'s tip menu`}>
        <Button type="text" shape="circle" icon={<UnorderedListOutlined />} aria-label="Tip menu" aria-haspopup="dialog" className={className} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && <TipMenuDialog performer={performer} onClose={() => setOpen(false)} />}
    </>
  );
}
