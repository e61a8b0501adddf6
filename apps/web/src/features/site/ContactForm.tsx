'use client';
/**
 * /contact: a message to the operator → POST /contact {name, email, message, recaptchaToken?}.
 * Signed-in visitors get their name and e-mail filled in. reCAPTCHA when the site turns it on;
 * too many messages from one address → the API's 429 text. Fields validate with the API's schema.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Result } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { contactBodySchema, type ContactInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { useTheme } from '@/lib/theme';
import { useCurrentUser } from '@/store';
import Recaptcha, { useRecaptchaEnabled } from '@/components/Recaptcha';
import css from './site.module.css';

type Values = Pick<ContactInput, 'name' | 'email' | 'message'>;

export default function ContactForm() {
  const user = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const needsCaptcha = useRecaptchaEnabled();
  const { resolved } = useTheme();
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (v: Values) => {
    if (needsCaptcha && !token) {
      setFailure('Please confirm you are not a robot.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const r = await call(routes.site.contact, { body: { name: v.name, email: v.email, message: v.message, ...(token ? { recaptchaToken: token } : {}) } });
      setSent(r.message);
      form.resetFields(['message']);
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e));
    } finally {
      setBusy(false);
      // A reCAPTCHA token works once.
      if (needsCaptcha) setResetKey((k) => k + 1);
    }
  };

  if (sent) {
    return (
      <Card>
        <Result
          status="success"
          className={css.sent}
          title={<h2 className="section-title">Message sent</h2>}
          subTitle={sent}
          extra={
            <Button onClick={() => setSent(null)} aria-label="Write another message">
              Write another message
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <Form<Values>
        form={form}
        layout="vertical"
        name="contact"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ name: user?.name ?? '', email: user?.email ?? '', message: '' }}
        disabled={busy}
      >
        <Form.Item name="name" label="Your name" rules={zodRules(contactBodySchema.shape.name, { label: 'name' })}>
          <Input autoComplete="name" maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label="Your e-mail" extra="We answer to this address." rules={zodRules(contactBodySchema.shape.email, { label: 'e-mail' })}>
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="message" label="Message" rules={zodRules(contactBodySchema.shape.message, { requiredMessage: 'Please write your message' })}>
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
        {needsCaptcha && (
          <Form.Item>
            <Recaptcha onToken={setToken} resetKey={resetKey} dark={resolved === 'dark'} />
          </Form.Item>
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy}>
          Send message
        </Button>
      </Form>
    </Card>
  );
}
