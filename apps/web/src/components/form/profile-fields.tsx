'use client';
/**
 * The profile fields the sign-up forms (fan, creator) and the account forms (fan, creator) share.
 * Each field's label, input and rules live here once; a form passes the shape of its own shared
 * zod schema (e.g. `registerUserSchema.shape`) and says what differs: help text, placeholders,
 * whether optional fields say so in their label, and the column each field takes.
 * The components render `Col`s (or bare `Form.Item`s with `col={false}`): the form supplies the `Row`.
 */
import type { ReactNode } from 'react';
import { Col, Form, Input, Select, type ColProps, type FormItemProps } from 'antd';
import { useTranslations } from 'next-intl';
import { USERNAME_RESERVED_MESSAGE, isReservedUsername } from '@stagepass/shared';
import { confirmRules, isOptional, newPasswordRules, zodRules, type FieldSchema } from '@/lib/form-rules';
import { GENDER_KEYS } from './gender-keys';
import { genderOptions, orientationOptions } from './options';
import { useCountryOptions } from './useCountries';

/** The whole row on phones, half of it from the `sm` breakpoint up. */
export const HALF: ColProps = { xs: 24, sm: 12 };

interface Placement {
  /** The `Col` around each field (default {@link HALF}); `false` renders the bare `Form.Item`. */
  col?: ColProps | false;
}

/** A `Form.Item`, inside a `Col` unless `col` is false. */
export function FieldCol({ col = HALF, children, ...item }: FormItemProps & Placement & { children: ReactNode }) {
  const field = <Form.Item {...item}>{children}</Form.Item>;
  return col ? <Col {...col}>{field}</Col> : field;
}

/** First and last name (required in every form that shows them). */
export function NameFields({ schema, col }: Placement & { schema: Record<'firstName' | 'lastName', FieldSchema> }) {
  const t = useTranslations('forms');
  return (
    <>
      <FieldCol col={col} name="firstName" label={t('firstName')} rules={zodRules(schema.firstName, { required: true, requiredMessage: t('firstNameRequired') })}>
        <Input autoComplete="given-name" />
      </FieldCol>
      <FieldCol col={col} name="lastName" label={t('lastName')} rules={zodRules(schema.lastName, { required: true, requiredMessage: t('lastNameRequired') })}>
        <Input autoComplete="family-name" />
      </FieldCol>
    </>
  );
}

/**
 * Username and e-mail (required in every form that shows them). In the account forms (`current`
 * given): a reserved username is refused only when it differs from the stored one, and a changed
 * e-mail asks for the current password (the API then mails a confirmation link to the new address).
 */
export function UsernameEmailFields({
  schema,
  col,
  usernameExtra,
  emailPlaceholder,
  current,
}: Placement & {
  schema: Record<'username' | 'email', FieldSchema>;
  /** Help text under the username. */
  usernameExtra?: ReactNode;
  emailPlaceholder?: string;
  /** The stored username and e-mail (account forms). */
  current?: { username: string | null; email: string | null };
}) {
  const form = Form.useFormInstance();
  const t = useTranslations('forms');
  const email = Form.useWatch('email', form) as string | undefined;
  const emailChanged = Boolean(current && email && email.trim().toLowerCase() !== (current.email ?? ''));
  const usernameRules = [
    ...zodRules(schema.username, { required: true, requiredMessage: t('usernameRequired') }),
    ...(current
      ? [{
          validator: async (_r: unknown, value: unknown) => {
            const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
            if (v && v !== current.username && isReservedUsername(v)) throw new Error(USERNAME_RESERVED_MESSAGE);
          },
        }]
      : []),
  ];
  return (
    <>
      <FieldCol col={col} name="username" label={t('username')} rules={usernameRules} extra={usernameExtra}>
        <Input prefix="@" autoComplete="username" />
      </FieldCol>
      <FieldCol
        col={col}
        name="email"
        label={t('email')}
        rules={zodRules(schema.email, { required: true, requiredMessage: t('emailRequired') })}
        extra={emailChanged ? t('emailChangeExtra') : undefined}
      >
        <Input type="email" autoComplete="email" placeholder={emailPlaceholder} />
      </FieldCol>
      {emailChanged && (
        <FieldCol
          col={col}
          name="currentPassword"
          label={t('currentPassword')}
          extra={t('currentPasswordExtra')}
        >
          <Input.Password autoComplete="current-password" />
        </FieldCol>
      )}
    </>
  );
}

/** A new password (the shared strength rules) and its confirmation, as in the sign-up forms. */
export function NewPasswordFields({ col }: Placement) {
  const t = useTranslations('forms');
  return (
    <>
      <FieldCol col={col} name="password" label={t('password')} rules={newPasswordRules(t('passwordRequired'))} hasFeedback>
        <Input.Password autoComplete="new-password" />
      </FieldCol>
      <FieldCol col={col} name="confirmPassword" label={t('confirmPassword')} dependencies={['password']} rules={confirmRules('password', { required: t('confirmRequired'), mismatch: t('passwordsDiffer') })} hasFeedback>
        <Input.Password autoComplete="new-password" />
      </FieldCol>
    </>
  );
}

interface ChoiceProps extends Placement {
  placeholder?: string;
  /** Add " (optional)" to the label when the schema allows no value (the sign-up forms do). */
  markOptional?: boolean;
}

/** "Gender (optional)" when asked to mark it and the schema allows no value; the accessible name stays `label`. */
function useFieldLabel() {
  const t = useTranslations('forms');
  return (label: string, schema: FieldSchema, markOptional?: boolean) => (markOptional && isOptional(schema) ? t('optional', { label }) : label);
}

/** A Select over fixed options; clearable exactly when the schema allows no value. */
function ChoiceSelect({ name, label, schema, options, requiredMessage, placeholder, markOptional, col }: ChoiceProps & { name: string; label: string; schema: FieldSchema; options: { value: string; label: string }[]; requiredMessage?: string }) {
  const fieldLabel = useFieldLabel();
  return (
    <FieldCol col={col} name={name} label={fieldLabel(label, schema, markOptional)} rules={zodRules(schema, { requiredMessage })}>
      <Select allowClear={isOptional(schema)} options={options} placeholder={placeholder} aria-label={label} />
    </FieldCol>
  );
}

export function GenderSelect({ schema, ...rest }: ChoiceProps & { schema: Record<'gender', FieldSchema> }) {
  const t = useTranslations('forms');
  const options = genderOptions.map((o) => ({ value: o.value, label: t(GENDER_KEYS[o.value]) }));
  return <ChoiceSelect {...rest} name="gender" label={t('gender')} schema={schema.gender} options={options} requiredMessage={t('genderRequired')} />;
}

export function OrientationSelect({ schema, ...rest }: ChoiceProps & { schema: Record<'orientation', FieldSchema> }) {
  return <ChoiceSelect {...rest} name="orientation" label="Orientation" schema={schema.orientation} options={orientationOptions} />;
}

/** A searchable country Select fed by GET /countries/list. */
export function CountrySelect({
  schema,
  placeholder,
  unavailablePlaceholder,
  markOptional,
  col,
}: ChoiceProps & {
  schema: Record<'country', FieldSchema>;
  /** Shown instead of `placeholder` when the country list failed to load. */
  unavailablePlaceholder?: string;
}) {
  const countries = useCountryOptions();
  const t = useTranslations('forms');
  const fieldLabel = useFieldLabel();
  return (
    <FieldCol col={col} name="country" label={fieldLabel(t('country'), schema.country, markOptional)} rules={zodRules(schema.country)}>
      <Select
        allowClear={isOptional(schema.country)}
        showSearch={{ optionFilterProp: 'label' }}
        options={countries.options}
        loading={countries.isLoading}
        placeholder={countries.error && unavailablePlaceholder ? unavailablePlaceholder : placeholder}
        aria-label={t('country')}
      />
    </FieldCol>
  );
}
