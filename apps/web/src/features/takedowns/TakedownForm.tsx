'use client';
/**
 * /legal/takedown: a rights holder's takedown notice → POST /takedowns (signed out too). The
 * addresses of the items on this site (one or more), the work, contact, the two sworn statements
 * and a typed signature. The API checks every address names an item here (400 on that address's
 * field); success shows the notice number (also e-mailed to the claimant).
 */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Card, Checkbox, Form, Input, Result } from 'antd';
import { MinusCircleOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { createTakedownSchema, type CreateTakedownInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { useCurrentUser } from '@/store';
import css from './takedowns.module.css';

type Values = Omit<CreateTakedownInput, 'goodFaith' | 'accurate'> & { goodFaith: boolean; accurate: boolean };
const S = createTakedownSchema.shape;
const mustTick = (what: string) => [{ validator: async (_: unknown, v: boolean) => { if (!v) throw new Error(`Please confirm ${what}`); } }];

export default function TakedownForm() {
  const user = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);

  const submit = async (v: Values) => {
    setBusy(true);
    setFailure(null);
    try {
      const r = await call(routes.takedowns.create, {
        body: { ...v, address: v.address || undefined, phone: v.phone || undefined, goodFaith: v.goodFaith as true, accurate: v.accurate as true },
      });
      setSent(r.number);
      form.resetFields();
    } catch (e) {
      // 'urls.1' → the second address's field.
      const errs = Object.entries(fieldErrors(e)).map(([f, msg]) => ({ name: f.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never, errors: [msg] }));
      // Field errors show on their fields; the alert is for what no field names.
      if (errs.length) form.setFields(errs);
      else setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (sent !== null) {
    return (
      <Card>
        <Result
          status="success"
          title={<h2 className="section-title">Notice #{sent} received</h2>}
          subTitle={`We e-mailed you the notice number. Quote #${sent} in any follow-up. The team reviews notices in order and writes to you when it acts.`}
          extra={<Button onClick={() => setSent(null)}>File another notice</Button>}
        />
      </Card>
    );
  }
  return (
    <Card>
      <Form<Values>
        form={form}
        layout="vertical"
        name="takedown"
        requiredMark="optional"
        onFinish={submit}
        initialValues={{ name: user?.name ?? '', email: user?.email ?? '', urls: [''], goodFaith: false, accurate: false }}
        disabled={busy}
      >
        <Form.Item name="work" label="The work you own" extra="Describe the copyrighted work (title, where the original is published)." rules={zodRules(S.work, { requiredMessage: 'Please describe the work' })}>
          <Input.TextArea rows={4} maxLength={4000} showCount />
        </Form.Item>
        <Form.List name="urls">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Form.Item key={f.key} label={i === 0 ? 'Addresses on this site' : undefined} extra={i === 0 ? 'The page of each post, video, gallery or product, e.g. https://…/post/…' : undefined} required>
                  <div className={css.urlRow}>
                    <Form.Item name={f.name} noStyle rules={[{ required: true, whitespace: true, message: 'Enter the address' }]}>
                      <Input aria-label={`Address ${i + 1}`} inputMode="url" maxLength={500} />
                    </Form.Item>
                    {fields.length > 1 && <Button type="text" aria-label={`Remove address ${i + 1}`} icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} />}
                  </div>
                </Form.Item>
              ))}
              {fields.length < 20 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} className={css.card}>
                  Add another address
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Form.Item name="name" label="Your full name" rules={zodRules(S.name, { label: 'name' })}>
          <Input autoComplete="name" maxLength={120} />
        </Form.Item>
        <Form.Item name="email" label="Your e-mail" extra="We write to you at this address." rules={zodRules(S.email, { label: 'e-mail' })}>
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="address" label="Postal address">
          <Input autoComplete="street-address" maxLength={300} />
        </Form.Item>
        <Form.Item name="phone" label="Phone">
          <Input type="tel" autoComplete="tel" maxLength={40} />
        </Form.Item>
        <Form.Item name="goodFaith" valuePropName="checked" rules={mustTick('your good faith belief')}>
          <Checkbox>I have a good faith belief that the use of the material is not authorised by the copyright owner, its agent, or the law.</Checkbox>
        </Form.Item>
        <Form.Item name="accurate" valuePropName="checked" rules={mustTick('this statement')}>
          <Checkbox>The information in this notice is accurate and, under penalty of perjury, I am the owner or authorised to act on the owner&apos;s behalf.</Checkbox>
        </Form.Item>
        <Form.Item name="signature" label="Signature (type your full name)" rules={zodRules(S.signature, { label: 'signature' })}>
          <Input maxLength={120} />
        </Form.Item>
        {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy}>
          Send notice
        </Button>
        <p className={css.muted}>
          Read our <Link href="/page/takedown-policy">copyright and takedown policy</Link> first. A false notice may make you liable for damages.
        </p>
      </Form>
    </Card>
  );
}
