'use client';
/**
 * The creator's subscription tiers (issue 30 §1; the Subscription tab of /creator/account):
 * GET /subscription-tiers/mine, add/edit in a dialog (POST/PUT /subscription-tiers), rank with
 * Move up/down (PUT /subscription-tiers/order), make one the default, archive (moving its
 * subscribers to another tier when it has any), its bundles (BundlesDialog: 3/6/12 months at a
 * percentage off). The default tier's price is the monthly price.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Tag } from 'antd';
import { MAX_TIERS, MESSAGES, TIER_COLOURS, tierInputSchema, type Tier } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import { amountRangeRule, showFieldErrors, zodRules } from '@/lib/form-rules';
import { money, plural } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { EmptyState, ErrorState, FormSkeleton } from '@/components/states';
import TierBadge from '@/components/tiers/TierBadge';
import BundlesDialog from './BundlesDialog';
import css from './tiers.module.css';

type Values = { name?: string; price?: number; description?: string; colour?: string };
const S = tierInputSchema.shape;
const COLOUR_NAMES: Record<string, string> = { '#8c8c8c': 'Grey', '#1677ff': 'Blue', '#13a8a8': 'Teal', '#52c41a': 'Green', '#d4b106': 'Gold', '#fa8c16': 'Orange', '#eb2f96': 'Pink', '#722ed1': 'Purple' };

function TierForm({ tier, onClose, onSaved }: { tier: Tier | null; onClose: () => void; onSaved: () => void }) {
  const settings = useSettings();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const min = settings.minimumSubscriptionPrice;
  const max = settings.maximumSubscriptionPrice;
  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      const body = { name: v.name!, price: v.price!, description: v.description ?? '', colour: v.colour ?? TIER_COLOURS[0] };
      if (tier) await call(routes.subscriptions.updateTier, { params: { id: tier._id }, body });
      else await call(routes.subscriptions.createTier, { body });
      message.success(tier ? MESSAGES.changesSaved : `Tier ${body.name} added`);
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={tier ? `Edit ${tier.name}` : 'New tier'} onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" showIcon title={failure} className={css.alert} />}
      <Form<Values>
        form={form}
        layout="vertical"
        name="tier"
        requiredMark={false}
        onFinish={submit}
        initialValues={tier ? { name: tier.name, price: tier.price, description: tier.description, colour: tier.colour } : { colour: TIER_COLOURS[1] }}
      >
        <Form.Item name="name" label="Name" htmlFor="tier-name" rules={zodRules(S.name, { required: true, requiredMessage: 'Enter a name' })}>
          <Input id="tier-name" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="price"
          label="Monthly price"
          htmlFor="tier-price"
          extra={`Between ${money(min)} and ${money(max)}. Current subscribers keep their price.`}
          rules={[...zodRules(S.price, { required: true, requiredMessage: 'Enter a monthly price' }), amountRangeRule('price', min, max)]}
        >
          <InputNumber<number> id="tier-price" prefix="$" suffix="/ month" min={0} max={max} step={0.5} precision={2} inputMode="decimal" className={css.price} />
        </Form.Item>
        <Form.Item name="description" label="What fans get" htmlFor="tier-description">
          <Input.TextArea id="tier-description" maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="colour" label="Badge colour" htmlFor="tier-colour">
          <Select
            id="tier-colour"
            options={TIER_COLOURS.map((c) => ({ value: c, label: <TierBadge tier={{ name: COLOUR_NAMES[c] ?? c, colour: c }} size="small" /> }))}
          />
        </Form.Item>
        <div className={css.footer}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {tier ? 'Save tier' : 'Add tier'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

function ArchiveDialog({ tier, others, onClose, onDone }: { tier: Tier; others: Tier[]; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [moveTo, setMoveTo] = useState<string | undefined>(others.find((o) => o.isDefault)?._id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const has = (tier.subscriberCount ?? 0) > 0;
  const archive = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await call(routes.subscriptions.archiveTier, { params: { id: tier._id }, body: has ? { moveTo } : {} });
      message.success(`Tier ${tier.name} archived`);
      onDone();
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`Archive ${tier.name}?`} onCancel={onClose} onOk={() => void archive()} okText="Archive" okButtonProps={{ danger: true, loading: busy }}>
      {failure && <Alert type="error" showIcon title={failure} className={css.alert} />}
      <p>Fans can no longer choose it. Content that required it then requires the tier its subscribers move to.</p>
      {has && (
        <>
          <label htmlFor="tier-move-to" className={css.label}>
            Move its {plural(tier.subscriberCount ?? 0, 'subscriber')} to
          </label>
          <Select id="tier-move-to" value={moveTo} onChange={setMoveTo} className={css.select} options={others.map((o) => ({ value: o._id, label: `${o.name} · ${money(o.price)}` }))} />
        </>
      )}
    </Modal>
  );
}

export default function TiersManager() {
  const { message } = App.useApp();
  const { data, error, isLoading, mutate } = useRoute(routes.subscriptions.myTiers, {});
  const [editing, setEditing] = useState<Tier | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Tier | null>(null);
  const [bundling, setBundling] = useState<Tier | null>(null);
  const [busy, setBusy] = useState(false);
  if (isLoading && !data) return <FormSkeleton rows={3} />;
  if (!data) return <ErrorState title="Your tiers didn't load" message={errorText(error)} onRetry={() => void mutate()} />;
  const tiers = data;
  const reload = () => {
    void mutate();
    void revalidateRoutes(routes.subscriptions.tiersOf, routes.subscriptions.offer);
  };
  const move = async (i: number, by: -1 | 1) => {
    const ids = tiers.map((t) => t._id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    setBusy(true);
    try {
      await mutate(await call(routes.subscriptions.reorderTiers, { body: { ids } }), { revalidate: false });
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const makeDefault = async (t: Tier) => {
    try {
      await call(routes.subscriptions.updateTier, { params: { id: t._id }, body: { isDefault: true } });
      message.success(`${t.name} is now your default tier`);
      reload();
    } catch (e) {
      message.error(errorText(e));
    }
  };
  return (
    <div className={css.tiers}>
      <p className="muted">
        Up to {MAX_TIERS} tiers, lowest first: a post, video, gallery, message or stream can require a tier, and every tier above it opens it too. Fans upgrade at once (paying the difference for the rest of the month) or
        downgrade at their next renewal.
      </p>
      {tiers.length === 0 ? (
        <EmptyState title="No tiers yet" description="Add your first tier." />
      ) : (
        <ol className={css.list} aria-label="Your tiers">
          {tiers.map((t, i) => (
            <li key={t._id} className={css.item} aria-label={`Tier ${t.name}`}>
              <div className={css.main}>
                <div className={css.title}>
                  <TierBadge tier={t} />
                  <strong>{money(t.price)}</strong>
                  <span className="muted">/ month</span>
                  {t.isDefault && <Tag>Default</Tag>}
                </div>
                {t.description && <div className={`muted ${css.desc}`}>{t.description}</div>}
                <div className="muted">{plural(t.subscriberCount ?? 0, 'subscriber')}</div>
                {t.bundles?.some((b) => b.enabled) && (
                  <div className={css.bundleTags} aria-label={`Bundles on offer for ${t.name}`}>
                    {t.bundles.filter((b) => b.enabled).map((b) => (
                      <Tag key={b.months} color="green">
                        {b.months} months · {b.discountPercent} % off · {money(b.price)}
                      </Tag>
                    ))}
                  </div>
                )}
              </div>
              <div className={css.actions}>
                <Button size="small" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                  Edit
                </Button>
                <Button size="small" onClick={() => setBundling(t)} aria-label={`Bundles of ${t.name}`}>
                  Bundles
                </Button>
                <Button size="small" disabled={i === 0 || busy} onClick={() => void move(i, -1)} aria-label={`Move ${t.name} down a rank`}>
                  Lower
                </Button>
                <Button size="small" disabled={i === tiers.length - 1 || busy} onClick={() => void move(i, 1)} aria-label={`Move ${t.name} up a rank`}>
                  Higher
                </Button>
                {!t.isDefault && (
                  <>
                    <Button size="small" onClick={() => void makeDefault(t)}>
                      Make default
                    </Button>
                    <Button size="small" danger onClick={() => setArchiving(t)} aria-label={`Archive ${t.name}`}>
                      Archive
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button type="primary" onClick={() => setEditing('new')} disabled={tiers.length >= MAX_TIERS}>
        Add a tier
      </Button>
      {editing && (
        <TierForm
          tier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {bundling && (
        <BundlesDialog
          tier={bundling}
          onClose={() => setBundling(null)}
          onSaved={() => {
            setBundling(null);
            reload();
          }}
        />
      )}
      {archiving && (
        <ArchiveDialog
          tier={archiving}
          others={tiers.filter((x) => x._id !== archiving._id)}
          onClose={() => setArchiving(null)}
          onDone={() => {
            setArchiving(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
