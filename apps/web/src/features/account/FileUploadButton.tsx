'use client';
import { useState, type ReactNode } from 'react';
import { App, Button, Progress, Upload } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@stagepass/shared';
import type { RouteArgs, RouteData, RouteDef, routes } from '@stagepass/shared/routes';
import { errorText, uploadTo } from '@/lib/api';
import css from './account.module.css';

/** `params`: the route's path params, when it has any. */
export type FileUploadButtonProps<D extends RouteDef> = Pick<RouteArgs<D>, 'params'> & {
  /** The upload route, e.g. routes.users.uploadAvatar */
  route: D;
  /** multipart field name: avatar, cover, file… */
  field: string;
  accept: string;
  maxMb: number;
  label: string;
  icon?: ReactNode;
  fields?: Record<string, string>;
  onDone: (result: RouteData<D>) => void;
  successText?: string;
  size?: 'small' | 'middle' | 'large';
};

/** A button that uploads one file with a progress bar (XMLHttpRequest, percentage). */
export default function FileUploadButton<D extends RouteDef>({ route, params, field, accept, maxMb, label, icon = <UploadOutlined />, fields, onDone, successText = MESSAGES.changesSaved, size }: FileUploadButtonProps<D>) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <div className={css.upload}>
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
            // `params` is required by the props exactly when the route has any (Pick keeps that); TS widens it by `undefined` here.
            const r = await uploadTo(route, params as RouteArgs<D>['params'], file as File, { field, fields, onProgress: setPercent });
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

/** "Upload new avatar": a square picture up to 5 MB to `route` (the fan's or the creator's); `onDone` gets its URL. */
export function AvatarUploadButton({ route, onDone }: { route: typeof routes.users.uploadAvatar | typeof routes.performers.uploadAvatar; onDone: (url: string) => void }) {
  return <FileUploadButton route={route} field="avatar" accept={IMAGE_TYPES} maxMb={5} label="Upload new avatar" icon={<CameraOutlined />} onDone={(r) => onDone(r.url)} />;
}
