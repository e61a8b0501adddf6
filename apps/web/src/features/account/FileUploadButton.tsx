'use client';
import { useState, type ReactNode } from 'react';
import { App, Button, Progress, Upload } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@stagepass/shared';
import { errorText, upload } from '@/lib/api';

export interface FileUploadButtonProps<T> {
  /** API path, e.g. /users/avatar/upload */
  endpoint: string;
  /** multipart field name: avatar, cover, file… */
  field: string;
  accept: string;
  maxMb: number;
  label: string;
  icon?: ReactNode;
  fields?: Record<string, string>;
  onDone: (result: T) => void;
  successText?: string;
  size?: 'small' | 'middle' | 'large';
}

/** A button that uploads one file with a progress bar (XMLHttpRequest, percentage). */
export default function FileUploadButton<T>({ endpoint, field, accept, maxMb, label, icon = <UploadOutlined />, fields, onDone, successText = MESSAGES.changesSaved, size }: FileUploadButtonProps<T>) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <div style={{ display: 'inline-flex', flexDirection: 'column', gap: 6, minWidth: 160 }}>
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > maxMb * 1024 * 1024) {
            message.error(`The file must be smaller than ${maxMb} MB`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file }) => {
          setPercent(0);
          try {
            const r = await upload<T>(endpoint, file as File, { field, fields, onProgress: setPercent });
            onDone(r);
            message.success(successText);
          } catch (e) {
            message.error(errorText(e, MESSAGES.updateFailed));
          } finally {
            setPercent(null);
          }
        }}
      >
        <Button icon={icon} loading={percent !== null} size={size}>
          {label}
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" status="active" aria-label={`${label} progress`} />}
    </div>
  );
}

/** The picture types the avatar and cover uploads accept. */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** "Upload new avatar": a square picture up to 5 MB to `endpoint` (the fan's or the creator's); `onDone` gets its URL. */
export function AvatarUploadButton({ endpoint, onDone }: { endpoint: string; onDone: (url: string) => void }) {
  return <FileUploadButton<{ url: string }> endpoint={endpoint} field="avatar" accept={IMAGE_TYPES} maxMb={5} label="Upload new avatar" icon={<CameraOutlined />} onDone={(r) => onDone(r.url)} />;
}
