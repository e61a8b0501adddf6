'use client';
/** Add or edit a tip-menu item (validated with the API's zod schema; the price within the site's tip limits). */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { TIP_MENU_DESCRIPTION_MAX, TIP_MENU_NAME_MAX, moneyAmountSchema, type TipMenuItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { money } from '@/lib/format';
import { amountRangeRule, showFieldErrors, zodRules } from '@/lib/form-rules';
import { usePaymentSettings } from '@/lib/payments';
import css from './tipmenu.module.css';

type Values = { name: string; price: number; description?: string; keyword?: string; active: boolean };

export default function TipMenuItemForm({ item, onClose, onSaved }: { item: TipMenuItem | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const { min, max } = usePaymentSettings().tip;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    const body = { name: v.name, price: v.price, description: v.description?.trim() || null, keyword: v.keyword?.trim() || null, active: v.active };
    try {
      if (item) await call(routes.tipmenu.update, { params: { id: item._id }, body });
      else await call(routes.tipmenu.create, { body });
      message.success(item ? 'Item saved' : 'Item added');
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={item ? `Edit “${item.name}”` : 'Add an item'} onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" showIcon title={failure} className={css.alert} />}
      <Form<Values>
        form={form}
        layout="vertical"
        name="tip-menu-item"
        requiredMark={false}
        initialValues={item ? { name: item.name, price: item.price, description: item.description ?? '', keyword: item.keyword ?? '', active: item.active } : { active: true }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Enter a name' }, { max: TIP_MENU_NAME_MAX, message: `At most ${TIP_MENU_NAME_MAX} characters` }]}>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the user just opened: focus goes to its first field (the WAI-ARIA dialog pattern), not a page load */}
          <Input maxLength={TIP_MENU_NAME_MAX} placeholder="Song request" autoFocus />
        </Form.Item>
        <div className={css.formRow}>
          <Form.Item name="price" label="Price" extra={`Between ${money(min)} and ${money(max)}.`} rules={[...zodRules(moneyAmountSchema, { requiredMessage: 'Enter a price' }), amountRangeRule('price', min, max)]}>
            <InputNumber<number> prefix="$" min={0} step={1} precision={2} inputMode="decimal" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="keyword" label="Live chat keyword" extra="Optional, e.g. !song" rules={[{ pattern: /^!?[A-Za-z0-9]{1,20}$/, message: 'Letters and digits, e.g. !song' }]}>
            <Input maxLength={21} placeholder="!song" />
          </Form.Item>
        </div>
        <Form.Item name="description" label="Description" extra="Optional — what the fan gets.">
          <Input.TextArea rows={2} maxLength={TIP_MENU_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="active" label="Shown on your menu" valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className={css.footer}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {item ? 'Save' : 'Add item'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
