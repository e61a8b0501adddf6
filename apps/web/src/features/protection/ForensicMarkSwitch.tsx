'use client';
/**
 * The forensic mark of one item (issue 32 §2 "the creator can turn forensic marking off per
 * item"): GET/PUT /performer/protection/files/{fileId}. Shown beside a private video's or image's
 * file in the creator's editors; the change applies at once (the next playlist or image a viewer
 * fetches follows it), whatever else the form holds. Until the creator chooses, the item follows
 * their watermark settings (/creator/protection), which the line under the switch says.
 */
import { useId, useState } from 'react';
import Link from 'next/link';
import { App, Skeleton, Switch, Typography } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import css from './protection.module.css';

/** `compact`: inside a popover (ForensicMarkButton), without the space above it. */
export default function ForensicMarkSwitch({ fileId, kind, compact = false }: { fileId: string; kind: 'video' | 'image'; compact?: boolean }) {
  const { message } = App.useApp();
  const labelId = useId();
  const helpId = useId();
  const { data, error, isLoading, mutate } = useRoute(routes.protection.fileSetting, { params: { fileId } }, { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);

  if (isLoading) return <Skeleton.Input active size="small" aria-label="Loading the forensic mark setting" />;
  // Not markable (a public file) or no longer the creator's: nothing to choose.
  if (error || !data) return null;

  const change = async (forensic: boolean) => {
    setBusy(true);
    try {
      await mutate(await call(routes.protection.fileSettings, { params: { fileId }, body: { forensic } }), { revalidate: false });
      message.success(forensic ? 'Forensic mark on for this item' : 'Forensic mark off for this item');
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={compact ? `${css.fileMark} ${css.fileMarkCompact}` : css.fileMark} data-testid="forensic-switch">
      <Switch checked={data.forensic} loading={busy} onChange={(on) => void change(on)} aria-labelledby={labelId} aria-describedby={helpId} />
      <div>
        <Typography.Text strong id={labelId}>
          Forensic mark
        </Typography.Text>
        <Typography.Paragraph type="secondary" id={helpId} className={css.fileMarkHelp}>
          {kind === 'video' ? "Each viewer's stream" : "Each viewer's copy"} carries an invisible mark the leak tracer reads.{' '}
          {data.usesDefault ? (
            <>
              Follows your <Link href="/creator/protection">protection settings</Link>.
            </>
          ) : (
            'Set for this item.'
          )}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
