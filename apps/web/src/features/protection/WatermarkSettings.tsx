'use client';
/**
 * /creator/protection, first card: the creator's watermark settings (GET/PUT
 * /performer/protection/settings; API modules/protection README) — the visible mark (on/off,
 * position, opacity) drawn on paid and subscriber images for each fan, and the invisible
 * forensic mark the leak tracer reads. "Use the site's defaults" removes the creator's own choice.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Card, Form, Radio, Skeleton, Slider, Switch } from 'antd';
import { WATERMARK_POSITIONS, type ProtectionSettingsView, type WatermarkPosition, type WatermarkSettings as Settings } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { ErrorState } from '@/components/states';
import css from './protection.module.css';

export const POSITION_LABEL: Record<WatermarkPosition, string> = {
  'top-left': 'Top left', 'top-right': 'Top right', 'bottom-left': 'Bottom left', 'bottom-right': 'Bottom right', center: 'Centre', tiled: 'Tiled',
};

/** Where the preview draws the mark (the server draws the same places: protection/watermark.ts). */
function MarkPreview({ s, creatorUrl }: { s: Settings; creatorUrl: string }) {
  const lines = [creatorUrl, '@fan_username'];
  const place: React.CSSProperties =
    s.position === 'center'
      ? { top: '50%', left: '50%', transform: 'translate(-50%, -50%)', textAlign: 'center' }
      : {
          ...(s.position.startsWith('top') ? { top: 0 } : { bottom: 0 }),
          ...(s.position.endsWith('left') ? { left: 0 } : { right: 0, textAlign: 'right' }),
        };
  return (
    <div className={css.preview} role="img" aria-label={s.visible ? `Preview: ${lines.join(' and ')} ${POSITION_LABEL[s.position].toLowerCase()}, ${s.opacity} % opacity` : 'Preview: no visible watermark'} data-testid="watermark-preview">
      {s.visible &&
        (s.position === 'tiled' ? (
          <div className={css.tiled} style={{ opacity: s.opacity / 100 }}>
            {Array.from({ length: 24 }, (_, i) => (
              <span key={i} className={css.mark} style={{ position: 'static' }}>{lines.join('  ·  ')}</span>
            ))}
          </div>
        ) : (
          <div className={css.mark} style={{ ...place, opacity: s.opacity / 100 }}>
            {lines.map((l) => (<div key={l}>{l}</div>))}
          </div>
        ))}
    </div>
  );
}

export default function WatermarkSettings() {
  const { message } = App.useApp();
  const { data, error, isLoading, mutate } = useSWR<ProtectionSettingsView>(routeKey(routes.protection.settings));
  const [form] = Form.useForm<Settings>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Settings | undefined;

  useEffect(() => {
    if (data) form.setFieldsValue(data.settings);
  }, [data, form]);

  const save = async (settings: Settings | null) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await call(routes.protection.updateSettings, { body: { settings } });
      await mutate(next, { revalidate: false });
      form.setFieldsValue(next.settings);
      message.success(settings ? 'Watermark settings saved' : "Back to the site's defaults");
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={css.card} title={<h2 className="section-title">Watermarks</h2>}>
      {error && !data ? (
        <ErrorState title="Your watermark settings didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <div className={css.row}>
          <Form<Settings> form={form} layout="vertical" name="watermark" initialValues={data.settings} onFinish={(v) => void save(v)} disabled={busy}>
            <p>
              Paid and subscriber pictures show each fan <strong>{data.creatorUrl}</strong> and the fan&apos;s own username. {data.usesDefaults ? "You're using the site's defaults." : ''}
            </p>
            <Form.Item name="visible" label="Visible watermark" valuePropName="checked">
              <Switch aria-label="Visible watermark" />
            </Form.Item>
            <Form.Item name="position" label="Position">
              <Radio.Group aria-label="Position" options={WATERMARK_POSITIONS.map((p) => ({ value: p, label: POSITION_LABEL[p] }))} />
            </Form.Item>
            <Form.Item name="opacity" label="Opacity (%)">
              <Slider min={10} max={90} step={5} ariaLabelForHandle="Opacity" />
            </Form.Item>
            <Form.Item name="forensic" label="Invisible forensic mark" valuePropName="checked" extra="Each fan's copy carries an invisible code: if a picture leaks, the leak tracer tells you who shared it.">
              <Switch aria-label="Invisible forensic mark" />
            </Form.Item>
            {failure && <Alert type="error" showIcon role="alert" title={failure} />}
            <div className={css.actions}>
              <Button type="primary" htmlType="submit" loading={busy}>Save</Button>
              {!data.usesDefaults && <Button onClick={() => void save(null)} disabled={busy}>Use the site&apos;s defaults</Button>}
            </div>
          </Form>
          <div>
            <MarkPreview s={{ ...data.settings, ...(values ?? {}) }} creatorUrl={data.creatorUrl} />
          </div>
        </div>
      )}
    </Card>
  );
}
