'use client';
/**
 * The forensic mark of one image in a list (a gallery's photos, a post's attached photos): an icon
 * button opening a popover with that item's `ForensicMarkSwitch`. The setting is fetched when the
 * popover first opens — a list of photos costs no request until the creator asks, and the
 * switch's code loads then too.
 */
import dynamic from 'next/dynamic';
import { Button, Popover, Skeleton, Tooltip } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';

// The switch (its data hook, its texts) loads with the first popover opened: not in the editors' first load.
const ForensicMarkSwitch = dynamic(() => import('./ForensicMarkSwitch'), { ssr: false, loading: () => <Skeleton.Input active size="small" aria-label="Loading the forensic mark setting" /> });

export default function ForensicMarkButton({ fileId, name }: { fileId: string; name: string }) {
  return (
    <Popover trigger="click" placement="bottom" content={<ForensicMarkSwitch fileId={fileId} kind="image" compact />} destroyOnHidden>
      <Tooltip title="Forensic mark">
        <Button type="text" size="small" icon={<SafetyCertificateOutlined aria-hidden="true" />} aria-label={`Forensic mark of ${name}`} aria-haspopup="dialog" />
      </Tooltip>
    </Popover>
  );
}
