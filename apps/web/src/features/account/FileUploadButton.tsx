'use client';
import { useState, type ReactNode } from 'react';
import { App, Button, Progress, Upload } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { MESSAGES } from '@stagepass/shared';
import type { RouteArgs, RouteData, RouteDef, routes } from '@stagepass/shared/routes';
import { errorText, uploadTo } from '@/lib/api';
import { useSpecText } from '@/i18n/spec';
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
  /** Translated callers' words (else English): the refusal of a file over `maxMb`, the progress bar's label. */
  tooLargeText?: string;
  progressLabel?: string;
  /** Shows the API's (and the spec's) texts in the page's language (useSpecText), for translated callers. */
  showText?: (text: string) => string;
};

/** A button that uploads one file with a progress bar (XMLHttpRequest, percentage). */
export default function FileUploadButton<D extends RouteDef>({ route, params, field, accept, maxMb, label, icon = <UploadOutlined />, fields, onDone, successText = MESSAGES.changesSaved, size, tooLargeText, progressLabel, showText = (x) => x }: FileUploadButtonProps<D>) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <div className={css.upload}>
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > maxMb * 1024 * 1024) {
            message.error(tooLargeText ?? `The file must be smaller than ${maxMb} MB`);
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
            message.success(showText(successText));
          } catch (e) {
            message.error(showText(errorText(e, MESSAGES.updateFailed)));
          } finally {
            setPercent(null);
          }
        }}
      >
        <Button icon={icon} loading={percent !== null} size={size}>
          {label}
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" status="active" aria-label={progressLabel ?? `${label} progress`} />}
    </div>
  );
}

/** The picture types the avatar and cover uploads accept. */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** "Upload new avatar": a square picture up to 5 MB to `route` (the fan's or the creator's); `onDone` gets its URL. */
export function AvatarUploadButton({ route, onDone }: { route: typeof routes.users.uploadAvatar | typeof routes.performers.uploadAvatar; onDone: (url: string) => void }) {
  const t = useTranslations('accountMore');
  const spec = useSpecText();
  return (
    <FileUploadButton
      route={route}
      field="avatar"
      accept={IMAGE_TYPES}
      maxMb={5}
      label={t('uploadAvatar')}
      tooLargeText={t('fileTooLarge', { mb: 5 })}
      progressLabel={t('uploadAvatarProgress')}
      showText={spec}
      icon={<CameraOutlined />}
      onDone={(r) => onDone(r.url)}
    />
  );
}
