/**
 * One adapter from the shared zod schemas to antd Form rules, so the web validates with exactly
 * the API's rules instead of re-typing them.
 */
import type { FormInstance, FormRule as Rule } from 'antd';
import { passwordSchema } from '@stagepass/shared';
import { fieldErrors } from './api';
import { money } from './format';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The part of a zod schema the adapter needs (keeps this file free of a direct zod import). */
export interface FieldSchema {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** True when the schema accepts a missing value. */
export const isOptional = (schema: FieldSchema): boolean => schema.safeParse(undefined).success;

/** Rules for one field validated by `schema` (e.g. registerUserSchema.shape.username). */
export function zodRules(schema: FieldSchema, opts: { label?: string; required?: boolean; requiredMessage?: string } = {}): Rule[] {
  const optional = isOptional(schema);
  const required = opts.required ?? !optional;
  return [
    {
      required,
      validator: async (_rule, value) => {
        if (isEmpty(value)) {
          if (!required) return;
          throw new Error(opts.requiredMessage || (opts.label ? `Please enter your ${opts.label.toLowerCase()}` : 'Required'));
        }
        const r = schema.safeParse(typeof value === 'string' && optional && value.trim() === '' ? undefined : value);
        if (!r.success) throw new Error(r.error.issues[0]?.message || 'Invalid value');
      },
    },
  ];
}

/** Rules for a NEW password: the shared strength rules, checked on the plain text (before any pre-hash). `requiredMessage`: in the page's language (else "Please enter a password"). */
export function newPasswordRules(requiredMessage = 'Please enter a password'): Rule[] {
  return zodRules(passwordSchema, { required: true, requiredMessage });
}

/** "Confirm password" must equal the field `field`; `messages`: the texts in the page's language (English when left out). */
export function confirmRules(field = 'password', messages: { required: string; mismatch: string } = { required: 'Please confirm the password', mismatch: 'The two passwords do not match' }): Rule[] {
  return [
    { required: true, message: messages.required },
    ({ getFieldValue }) => ({
      validator: async (_r, value) => {
        if (!value || getFieldValue(field) === value) return;
        throw new Error(messages.mismatch);
      },
    }),
  ];
}

/** Drop empty strings / undefined so optional fields are not sent as "". */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** Put the API's per-field messages (if any) of `error` under the matching fields of `form`. */
export function showFieldErrors<V>(form: FormInstance<V>, error: unknown): void {
  const entries = Object.entries(fieldErrors(error));
  if (entries.length) form.setFields(entries.map(([name, msg]) => ({ name: name as never, errors: [msg] })));
}

/**
 * A money amount within a site limit pair from the public settings (spec §9: subscription, top-up,
 * tip, pay-per-view price) — the web's half of the check the API makes with the same settings.
 * `applies` skips the check (e.g. the price of a post that is not pay-per-view).
 */
export function amountRangeRule(what: string, min: number, max: number, applies = true): Rule {
  return {
    validator: async (_r, v: number | null | undefined) => {
      if (!applies || v === null || v === undefined) return;
      if (v < min || v > max) throw new Error(`The ${what} must be between ${money(min)} and ${money(max)}`);
    },
  };
}
