'use client';
import { App, Button, Form, Input } from 'antd';
import { MESSAGES, prehashPassword } from '@stagepass/shared';
import { confirmRules, newPasswordRules } from '@/lib/form-rules';
import { useSettings } from '@/lib/site-context';
import { useAppDispatch, useAppSelector } from '@/store';
import { updatePassword } from '@/store/user';
import css from './account.module.css';

interface Values {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** PUT /auth/users/me/password {password, currentPassword, source}. */
export default function PasswordForm({ source }: { source: 'user' | 'performer' }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const { clientPasswordHashing } = useSettings();
  const dispatch = useAppDispatch();
  const updating = useAppSelector((s) => s.user.updating);
  const enc = (p: string) => (clientPasswordHashing ? prehashPassword(p) : Promise.resolve(p));

  const onFinish = async (v: Values) => {
    const r = await dispatch(updatePassword({ password: await enc(v.password), currentPassword: await enc(v.currentPassword), source }));
    if (updatePassword.fulfilled.match(r)) {
      message.success(MESSAGES.changesSaved);
      form.resetFields();
    } else message.error(r.payload?.message || MESSAGES.updateFailed);
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={onFinish} name={`password-${source}`} className={css.password}>
      <Form.Item name="currentPassword" label="Current password" rules={[{ required: true, message: 'Please enter your current password' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label="New password" rules={newPasswordRules('new password')} hasFeedback extra="At least 8 characters, with letters and digits.">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="Repeat password" dependencies={['password']} rules={confirmRules()} hasFeedback>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={updating}>
        Change password
      </Button>
    </Form>
  );
}
