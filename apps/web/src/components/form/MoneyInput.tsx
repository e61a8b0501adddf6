'use client';
import { InputNumber, type InputNumberProps } from 'antd';
import css from './money-input.module.css';

/**
 * An amount in the site currency: `$` prefix, two decimals, a decimal keypad on phones. Takes
 * antd InputNumber props (value/onChange from a Form.Item, `aria-label`, `min`/`max`…); `width`
 * `auto` (the default) sizes it for a price, `full` fills its container.
 */
export default function MoneyInput({ width = 'auto', className, ...props }: InputNumberProps<number> & { width?: 'auto' | 'full' }) {
  return (
    <InputNumber<number>
      prefix="$"
      min={0}
      step={1}
      precision={2}
      inputMode="decimal"
      {...props}
      className={`${width === 'full' ? css.full : css.auto} ${className ?? ''}`.trim()}
    />
  );
}
