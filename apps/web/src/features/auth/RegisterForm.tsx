'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Row } from 'antd';
import { registerUserSchema } from '@stagepass/shared';
import { api } from '@/lib/api';
import { CountrySelect, GenderSelect, NameFields, NewPasswordFields, UsernameEmailFields } from '@/components/form/profile-fields';
import type { RegisterResponse } from './useRegisterFinish';
import { useSignUp, type SignUpValues } from './useSignUp';
import RegisterDone from './RegisterDone';
import SocialButtons from './SocialButtons';

const S = registerUserSchema.shape;

/** Fan sign-up (POST /auth/users/register). */
export default function RegisterForm() {
  const [form] = Form.useForm<SignUpValues>();
  const [submitting, setSubmitting] = useState(false);
  const { done, error, submit } = useSignUp(form, (fields) => api.post<RegisterResponse>('/auth/users/register', fields));

  if (done) return <RegisterDone {...done} />;

  const onFinish = async (v: SignUpValues) => {
    setSubmitting(true);
    try {
      await submit(v);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 20 }} />}
      <Form<SignUpValues> form={form} layout="vertical" onFinish={onFinish} name="register" scrollToFirstError>
        <Row gutter={12}>
          <NameFields schema={S} />
        </Row>
        <UsernameEmailFields schema={S} col={false} usernameExtra="3–30 characters: lowercase letters, digits, _ or -" emailPlaceholder="you@example.com" />
        <Row gutter={12}>
          <NewPasswordFields />
        </Row>
        <Row gutter={12}>
          <GenderSelect schema={S} markOptional placeholder="Prefer not to say" />
          <CountrySelect schema={S} markOptional placeholder="Choose a country" unavailablePlaceholder="Countries unavailable" />
        </Row>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} style={{ marginTop: 4 }}>
          Create account
        </Button>
      </Form>
      <SocialButtons role="user" />
      <p style={{ textAlign: 'center', marginTop: 28, marginBottom: 0 }} className="muted">
        Already have an account? <Link href="/auth/login">Log in</Link> · Are you a creator? <Link href="/auth/register/creator">Sign up as a creator</Link>
      </p>
    </>
  );
}
