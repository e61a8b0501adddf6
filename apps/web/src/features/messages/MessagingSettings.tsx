'use client';
/**
 * The creator's messaging settings (the `Messages` tab of /creator/account): who may start a
 * conversation with them and a tip a fan must have sent first. GET / PUT /messages/settings.
 */
import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Radio } from 'antd';
import { MESSAGE_POLICIES, MESSAGE_POLICY_LABELS, MESSAGES, messagingSettingsSchema, type MessagingSettings } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { ErrorState, FormSkeleton } from '@/components/states';
import MoneyInput from '@/components/form/MoneyInput';
import css from './messages.module.css';

const S = messagingSettingsSchema.shape;

export default function MessagingSettingsForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<MessagingSettings>();
  const { data, error, isLoading, mutate } = useRoute(routes.messages.settings);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (isLoading && !data) return <FormSkeleton rows={3} />;
  if (!data) return <ErrorState title="Your messaging settings didn't load" message={errorText(error)} onRetry={() => void mutate()} />;

  const submit = async (v: MessagingSettings) => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await call(routes.messages.updateSettings, { body: { whoCanMessage: v.whoCanMessage, tipToOpen: v.tipToOpen ?? 0 } });
      message.success(MESSAGES.changesSaved);
      void mutate(saved, { revalidate: false });
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<MessagingSettings> form={form} layout="vertical" name="messaging-settings" initialValues={data} onFinish={(v) => void submit(v)} requiredMark={false} className={css.settingsForm}>
      <Form.Item name="whoCanMessage" label="Who can message you" rules={zodRules(S.whoCanMessage)}>
        <Radio.Group aria-label="Who can message you">
          <Flex vertical gap={8}>
            {MESSAGE_POLICIES.map((p) => (
              <Radio key={p} value={p}>
                {MESSAGE_POLICY_LABELS[p]}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="tipToOpen"
        label="Tip to open a chat"
        htmlFor="messaging-tip-to-open"
        rules={zodRules(S.tipToOpen, { label: 'Tip' })}
        extra="A tip a fan must have sent you before their first message. 0 for none. Conversations you start are never held back."
      >
        <MoneyInput id="messaging-tip-to-open" placeholder="0.00" />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} className={css.settingsAlert} />}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save changes
      </Button>
    </Form>
  );
}
