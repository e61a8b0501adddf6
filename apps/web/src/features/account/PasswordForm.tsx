'use client';
import { App, Button, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { prehashPassword } from '@stagepass/shared';
import { confirmRules, newPasswordRules } from '@/lib/form-rules';
import { useSpecText } from '@/i18n/spec';
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
  const t = useTranslations('account');
  const tc = useTranslations('common');
  const tf = useTranslations('forms');
  const ts = useTranslations('spec');
  const spec = useSpecText();
  const dispatch = useAppDispatch();
  const updating = useAppSelector((s) => s.user.updating);
  const enc = (p: string) => (clientPasswordHashing ? prehashPassword(p) : Promise.resolve(p));

  const onFinish = async (v: Values) => {
    const r = await dispatch(updatePassword({ password: await enc(v.password), currentPassword: await enc(v.currentPassword), source }));
    if (updatePassword.fulfilled.match(r)) {
      message.success(ts('changesSaved'));
      form.resetFields();
    } else message.error(r.payload?.message ? spec(r.payload.message) : ts('updateFailed'));
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={onFinish} name={`password-${source}`} className={css.password}>
      <Form.Item name="currentPassword" label={t('currentPassword')} rules={[{ required: true, message: t('currentPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={tc('newPassword')} rules={newPasswordRules(tf('newPasswordRequired'))} hasFeedback extra={tc('passwordHint')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('repeatPassword')} dependencies={['password']} rules={confirmRules('password', { required: tf('confirmRequired'), mismatch: tf('passwordsDiffer') })} hasFeedback>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={updating}>
        {t('changePassword')}
      </Button>
    </Form>
  );
}
