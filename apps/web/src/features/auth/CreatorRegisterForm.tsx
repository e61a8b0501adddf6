'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Input, Progress, Row, Upload, type UploadFile } from 'antd';
import { CameraOutlined, IdcardOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { BIRTH_DATE_MIN, CREATOR_MIN_AGE, registerPerformerSchema, yearsBefore } from '@stagepass/shared';
import { compact, zodRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { uploadTo } from '@/lib/api';
import { forgetTouches, touchesField } from '@/lib/tracking-touches';
import { CountrySelect, FieldCol, GenderSelect, NameFields, NewPasswordFields, OrientationSelect, UsernameEmailFields } from '@/components/form/profile-fields';
import { useSignUp, type SignUpValues } from './useSignUp';
import { forgetReferralCode, useReferralCode } from './useReferralCode';
import RegisterDone from './RegisterDone';
import SignUpConsent from './SignUpConsent';
import css from './auth.module.css';

interface Values extends SignUpValues {
  gender?: string;
  orientation?: string;
  dateOfBirth?: string;
  country?: string;
  documentVerification: UploadFile[];
  idVerification: UploadFile[];
}
const S = registerPerformerSchema.shape;
const MAX_FILE_MB = 10;

/** `missing`: what to say when no file was chosen; `tooLarge`: over MAX_FILE_MB (both in the page's language). */
const fileRules = (missing: string, tooLarge: string) => [
  {
    validator: async (_: unknown, list?: UploadFile[]) => {
      if (!list || list.length === 0) throw new Error(missing);
      const f = list[0]!.originFileObj;
      if (f && f.size > MAX_FILE_MB * 1024 * 1024) throw new Error(tooLarge);
    },
  },
];

/** Creator sign-up: multipart with the ID document and a selfie holding it, with upload progress. */
export default function CreatorRegisterForm() {
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const referral = useReferralCode();
  const t = useTranslations('authMore');
  const ta = useTranslations('auth');
  const tc = useTranslations('common');
  const { done, error, submit } = useSignUp(form, async (fields, v) => {
    const answer = await uploadTo(
      routes.auth.registerPerformer,
      undefined,
      { documentVerification: v.documentVerification[0]?.originFileObj, idVerification: v.idVerification[0]?.originFileObj },
      {
        fields: compact({ ...fields, orientation: v.orientation, dateOfBirth: v.dateOfBirth, ageConfirmed: String(v.ageConfirmed === true), acceptTerms: String(v.acceptTerms === true), referralCode: referral.code ?? undefined, trackingTouches: touchesField() }),
        onProgress: setProgress,
      },
    );
    forgetReferralCode();
    forgetTouches();
    return answer;
  });

  if (done) return <RegisterDone {...done} />;

  const tooLarge = t('fileTooLarge', { mb: MAX_FILE_MB });
  const onFinish = async (v: Values) => {
    setProgress(0);
    try {
      await submit(v);
    } finally {
      setProgress(null);
    }
  };

  const uploadProps = { beforeUpload: () => false as const, maxCount: 1, accept: 'image/jpeg,image/png,image/webp,application/pdf' };
  const norm = (e: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : e?.fileList);

  return (
    <>
      {error && <Alert type="error" showIcon role="alert" title={error} className={css.alert} />}
      {referral.referrerName && <Alert type="success" showIcon role="status" title={t('invitedBy', { name: referral.referrerName })} description={t('invitedText')} className={css.alert} />}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} name="register-creator" scrollToFirstError disabled={progress !== null}>
        <Row gutter={12}>
          <NameFields schema={S} />
        </Row>
        <UsernameEmailFields schema={S} col={false} usernameExtra={t('creatorUsernameExtra')} emailPlaceholder={ta('emailPlaceholder')} />
        <Row gutter={12}>
          <NewPasswordFields />
        </Row>
        <Row gutter={12}>
          <GenderSelect schema={S} markOptional placeholder={t('choose')} />
          <OrientationSelect schema={S} markOptional placeholder={t('choose')} />
        </Row>
        <Row gutter={12}>
          <FieldCol
            name="dateOfBirth"
            label={t('dateOfBirth')}
            rules={zodRules(S.dateOfBirth, { required: true, requiredMessage: t('dateOfBirthRequired') })}
          >
            <Input type="date" min={BIRTH_DATE_MIN} max={yearsBefore(CREATOR_MIN_AGE)} />
          </FieldCol>
          <CountrySelect schema={S} markOptional placeholder={tc('choosePlaceholder')} />
        </Row>
        <Alert
          type="info"
          showIcon
          className={css.notice}
          title={t('idCheckTitle')}
          description={t('idCheckText', { mb: MAX_FILE_MB })}
        />
        <Row gutter={12}>
          <FieldCol name="documentVerification" label={t('idDocument')} valuePropName="fileList" getValueFromEvent={norm} rules={fileRules(t('idDocumentMissing'), tooLarge)}>
            <Upload {...uploadProps} listType="text">
              <Button icon={<IdcardOutlined />} block>
                {t('chooseIdDocument')}
              </Button>
            </Upload>
          </FieldCol>
          <FieldCol name="idVerification" label={t('selfie')} valuePropName="fileList" getValueFromEvent={norm} rules={fileRules(t('selfieMissing'), tooLarge)}>
            <Upload {...uploadProps} listType="text">
              <Button icon={<CameraOutlined />} block>
                {t('chooseSelfie')}
              </Button>
            </Upload>
          </FieldCol>
        </Row>
        <SignUpConsent />
        {progress !== null && <Progress percent={progress} status="active" aria-label={t('uploadProgress')} className={css.progress} />}
        <Button type="primary" htmlType="submit" block size="large" loading={progress !== null} disabled={false}>
          {t('createCreatorAccount')}
        </Button>
      </Form>
      <p className={`muted ${css.footer}`}>
        {t.rich('creatorFooter', { login: (c) => <Link href="/auth/login">{c}</Link>, fan: (c) => <Link href="/auth/register">{c}</Link> })}
      </p>
    </>
  );
}
