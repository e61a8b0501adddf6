'use client';
/** Amount + note fields of a payout request (new or edited), validated with the shared schema and the caller's limits. */
import { Form, Input, InputNumber } from 'antd';
import { createPayoutSchema } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { money } from '@/lib/format';
import { moneyCss as css } from '@/components/money/money-ui';

/** Amounts in dollars to cents (inputs can produce 10.000000001). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

export interface PayoutFormValues {
  amount?: number;
  requestNote?: string;
}

export function PayoutAmountFields({ min, max, idPrefix, disabled }: { min: number; max: number; idPrefix: string; disabled?: boolean }) {
  return (
    <>
      <Form.Item
        name="amount"
        label="Amount"
        htmlFor={`${idPrefix}-amount`}
        extra={max >= min ? `Between ${money(min)} and ${money(max)}` : `The minimum is ${money(min)}`}
        rules={[
          ...zodRules(createPayoutSchema.shape.amount, { required: true, requiredMessage: 'Enter an amount' }),
          {
            validator: async (_r, v: number | null | undefined) => {
              if (v === null || v === undefined) return;
              if (v < min) throw new Error(`The minimum payout is ${money(min)}`);
              if (v > max) throw new Error(`You can request at most ${money(max)}`);
            },
          },
        ]}
      >
        <InputNumber<number> id={`${idPrefix}-amount`} prefix="$" min={0} step={1} precision={2} inputMode="decimal" className={css.amountInput} disabled={disabled} />
      </Form.Item>
      <Form.Item name="requestNote" label="Note" htmlFor={`${idPrefix}-note`} extra="Optional — anything the team should know." rules={zodRules(createPayoutSchema.shape.requestNote)}>
        <Input.TextArea id={`${idPrefix}-note`} rows={3} maxLength={1000} showCount disabled={disabled} />
      </Form.Item>
    </>
  );
}
