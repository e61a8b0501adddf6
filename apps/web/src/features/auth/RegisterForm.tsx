'use client';
import { useCallback, useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Row } from 'antd';
import { useTranslations, useLocale } from 'next-intl';
import { registerUserSchema, type RegisterUserInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { forgetTouches, keptTouches } from '@/lib/tracking-touches';
import { CountrySelect, GenderSelect, NameFields, NewPasswordFields, UsernameEmailFields } from '@/components/form/profile-fields';
import { useSignUp, type SignUpValues } from './useSignUp';
import RegisterDone from './RegisterDone';
import SocialButtons from './SocialButtons';
import SignUpConsent, { consentOf } from './SignUpConsent';
import css from './auth.module.css';

const S = registerUserSchema.shape;

/** Fan sign-up (POST /auth/users/register). */
export default function RegisterForm() {
  const [form] = Form.useForm<SignUpValues>();
  const [submitting, setSubmitting] = useState(false);
  const t = useTranslations('auth');
  const tc = useTranslations('common');
  const locale = useLocale();
  // The form's rules make the required fields present (compact() only drops empty ones); the API re-validates.
  // The tracking links' touches this browser kept go with the account (modules/tracking), then are forgotten.
  const { done, error, submit } = useSignUp(form, async (fields, v) => {
    const answer = await call(routes.auth.registerUser, { body: { ...fields, ageConfirmed: v.ageConfirmed === true, acceptTerms: v.acceptTerms === true, trackingTouches: keptTouches(), locale } as RegisterUserInput });
    forgetTouches();
    return answer;
  });

  // Stable, so the Google button is set up once.
  const consent = useCallback(() => consentOf(form), [form]);

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
      {error && <Alert type="error" showIcon role="alert" title={error} className={css.alert} />}
      <Form<SignUpValues> form={form} layout="vertical" onFinish={onFinish} name="register" scrollToFirstError>
        <Row gutter={12}>
          <NameFields schema={S} />
        </Row>
        <UsernameEmailFields schema={S} col={false} usernameExtra={t('usernameExtra')} emailPlaceholder={t('emailPlaceholder')} />
        <Row gutter={12}>
          <NewPasswordFields />
        </Row>
        <Row gutter={12}>
          <GenderSelect schema={S} markOptional placeholder={tc('genderPlaceholder')} />
          <CountrySelect schema={S} markOptional placeholder={tc('choosePlaceholder')} unavailablePlaceholder={t('countriesUnavailable')} />
        </Row>
        <SignUpConsent />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} className={css.submit}>
          {t('createAccount')}
        </Button>
      </Form>
      <SocialButtons role="user" consent={consent} />
      <p className={`muted ${css.footer}`}>
        {t.rich('haveAccount', { login: (c) => <Link href="/auth/login">{c}</Link>, creator: (c) => <Link href="/auth/register/creator">{c}</Link> })}
      </p>
    </>
  );
}
