'use client';
/**
 * Private shows: the per-minute rate (PUT /streaming/update; off = no private shows) and the
 * pending requests from fans ('stream/private-request', GET /streaming/private-requests) with
 * Accept / Decline. Accepting is handled by the studio (it switches the camera to the private show).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Avatar, Button, Card, Form, Skeleton, Switch } from 'antd';
import { DEFAULT_AVATAR, type PrivateRequest, type StreamingSettings } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { money, timeLeft } from '@/lib/format';
import MoneyInput from '@/components/form/MoneyInput';
import { EmptyState } from '@/components/states';
import { useNow } from './LiveStats';
import css from './live-studio.module.css';

export function PrivateShowSettings({ settings, onSaved }: { settings: StreamingSettings | undefined; onSaved: (s: StreamingSettings) => void }) {
  const { message } = App.useApp();
  const [on, setOn] = useState(false);
  const [rate, setRate] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!settings) return;
    setOn(settings.privateRate !== null);
    setRate(settings.privateRate);
  }, [settings]);

  if (!settings) return <Skeleton active paragraph={{ rows: 2 }} />;

  const save = async () => {
    if (on && (!rate || rate <= 0)) {
      void message.error('Enter the price per minute');
      return;
    }
    setSaving(true);
    try {
      const next = await call(routes.streaming.updateSettings, { body: { privateRate: on ? rate : null } });
      onSaved(next);
      void message.success(on ? 'Private shows are on' : 'Private shows are off');
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" component="div">
      <div className={css.switchRow}>
        <Switch id="studio-private-on" checked={on} onChange={setOn} aria-label="Offer private shows" />
        <label htmlFor="studio-private-on">Offer private shows</label>
      </div>
      <div className={css.row}>
        <Form.Item label="Price per minute" htmlFor="studio-private-rate" extra="Fans are charged from their wallet for each started minute.">
          <MoneyInput id="studio-private-rate" value={rate} onChange={(v) => setRate(v)} min={0.01} disabled={!on} width="full" />
        </Form.Item>
      </div>
      <div className={css.actions}>
        <Button onClick={() => void save()} loading={saving}>
          Save private show settings
        </Button>
      </div>
    </Form>
  );
}

export function PrivateRequests({ requests, loading, busyId, onAccept, onDecline }: { requests: PrivateRequest[]; loading: boolean; busyId: string | null; onAccept: (r: PrivateRequest) => void; onDecline: (r: PrivateRequest) => void }) {
  const now = useNow();
  if (loading) return <Skeleton active avatar paragraph={{ rows: 1 }} />;
  const pending = requests.filter((r) => new Date(r.expiresAt).getTime() > now);
  if (pending.length === 0) return <EmptyState title="No private show requests" description="When a fan asks for a private show, it appears here for 2 minutes." />;
  return (
    <ul className={css.requests} aria-label="Private show requests">
      {pending.map((r) => {
        const name = r.fan?.name || r.fan?.username || 'A fan';
        return (
          <li key={r._id} className={css.request}>
            <div className={css.requestWho}>
              <Avatar src={r.fan?.avatar || DEFAULT_AVATAR} alt="" size={36} />
              <div>
                <div className={css.requestName}>{name}</div>
                <div className={`${css.muted} ${css.small}`}>
                  {money(r.rate)}/min · expires in {timeLeft(r.expiresAt, now)}
                </div>
              </div>
            </div>
            <div className={css.actions}>
              <Button onClick={() => onDecline(r)} disabled={busyId !== null} aria-label={`Decline ${name}'s request`}>
                Decline
              </Button>
              <Button type="primary" onClick={() => onAccept(r)} loading={busyId === r._id} disabled={busyId !== null && busyId !== r._id} aria-label={`Accept ${name}'s request`}>
                Accept
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      className={css.gap}
      type="warning"
      showIcon
      role="alert"
      title={`We couldn't load ${what}.`}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

export function PrivateShowsCard(
  props: { settings: StreamingSettings | undefined; settingsError: boolean; requestsError: boolean; onSaved: (s: StreamingSettings) => void; onRetry: () => void } & Parameters<typeof PrivateRequests>[0],
) {
  return (
    <Card className={css.card}>
      <h2 className={css.cardTitle}>Private shows</h2>
      {props.settingsError ? <LoadError what="your streaming settings" onRetry={props.onRetry} /> : <PrivateShowSettings settings={props.settings} onSaved={props.onSaved} />}
      <h3 className={css.cardTitle}>Requests</h3>
      {props.requestsError ? (
        <LoadError what="the private show requests" onRetry={props.onRetry} />
      ) : (
        <PrivateRequests requests={props.requests} loading={props.loading} busyId={props.busyId} onAccept={props.onAccept} onDecline={props.onDecline} />
      )}
    </Card>
  );
}
