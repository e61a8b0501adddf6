'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Col, Form, Input, Row, Select } from 'antd';
import { registerUserSchema, prehashPassword } from '@stagepass/shared';
import { compact, confirmRules, newPasswordRules, zodRules } from '@/lib/form-rules';
import { api, errorText, fieldErrors } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import { genderOptions } from './options';
import { useCountryOptions } from './useCountries';
import { useRegisterFinish, type RegisterResponse } from './useRegisterFinish';
import RegisterDone from './RegisterDone';
import SocialButtons from './SocialButtons';

interface Values {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  gender?: string;
  country?: string;
}
const S = registerUserSchema.shape;

/** Fan sign-up (POST /auth/users/register). */
export default function RegisterForm() {
  const [form] = Form.useForm<Values>();
  const { clientPasswordHashing } = useSettings();
  const countries = useCountryOptions();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { done, loginError, finish } = useRegisterFinish();

  if (done) return <RegisterDone {...done} />;

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      const password = clientPasswordHashing ? await prehashPassword(v.password) : v.password;
      const body = compact({ firstName: v.firstName, lastName: v.lastName, username: v.username.trim().toLowerCase(), email: v.email.trim(), password, gender: v.gender, country: v.country });
      const res = await api.post<RegisterResponse>('/auth/users/register', body);
      await finish(res, { username: body.username!, password: v.password, email: v.email });
    } catch (e) {
      const fields = fieldErrors(e);
      if (Object.keys(fields).length) form.setFields(Object.entries(fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      setError(errorText(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {(error || loginError) && <Alert type="error" showIcon role="alert" title={error || loginError} style={{ marginBottom: 20 }} />}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} name="register" scrollToFirstError>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="firstName" label="First name" rules={zodRules(S.firstName, { label: 'First name' })}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label="Last name" rules={zodRules(S.lastName, { label: 'Last name' })}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="username" label="Username" rules={zodRules(S.username, { label: 'Username' })} extra="3–30 characters: lowercase letters, digits, _ or -">
          <Input prefix="@" autoComplete="username" />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={zodRules(S.email, { label: 'E-mail' })}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="password" label="Password" rules={newPasswordRules()} hasFeedback>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="confirmPassword" label="Confirm password" dependencies={['password']} rules={confirmRules()} hasFeedback>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="gender" label="Gender (optional)" rules={zodRules(S.gender)}>
              <Select allowClear options={genderOptions} placeholder="Prefer not to say" aria-label="Gender" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="country" label="Country (optional)" rules={zodRules(S.country)}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={countries.options}
                loading={countries.isLoading}
                placeholder={countries.error ? 'Countries unavailable' : 'Choose a country'}
                aria-label="Country"
              />
            </Form.Item>
          </Col>
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
