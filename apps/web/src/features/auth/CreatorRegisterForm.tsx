'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Col, Form, Input, Progress, Row, Select, Upload, type UploadFile } from 'antd';
import { CameraOutlined, IdcardOutlined } from '@ant-design/icons';
import { registerPerformerSchema, prehashPassword } from '@stagepass/shared';
import { compact, confirmRules, newPasswordRules, zodRules } from '@/lib/form-rules';
import { errorText, fieldErrors, upload } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import { genderOptions, orientationOptions } from './options';
import { useCountryOptions } from './useCountries';
import { useRegisterFinish, type RegisterResponse } from './useRegisterFinish';
import RegisterDone from './RegisterDone';

interface Values {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  gender: string;
  orientation?: string;
  dateOfBirth?: string;
  country?: string;
  documentVerification: UploadFile[];
  idVerification: UploadFile[];
}
const S = registerPerformerSchema.shape;
const MAX_FILE_MB = 10;

function adultDate(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 18);
  return d.toISOString().slice(0, 10);
}

const fileRules = (what: string) => [
  {
    validator: async (_: unknown, list?: UploadFile[]) => {
      if (!list || list.length === 0) throw new Error(`Please add ${what}`);
      const f = list[0]!.originFileObj;
      if (f && f.size > MAX_FILE_MB * 1024 * 1024) throw new Error(`The file must be smaller than ${MAX_FILE_MB} MB`);
    },
  },
];

/** Creator sign-up: multipart with the ID document and a selfie holding it, with upload progress. */
export default function CreatorRegisterForm() {
  const [form] = Form.useForm<Values>();
  const { clientPasswordHashing } = useSettings();
  const countries = useCountryOptions();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { done, loginError, finish } = useRegisterFinish();

  if (done) return <RegisterDone {...done} />;

  const onFinish = async (v: Values) => {
    setError(null);
    setProgress(0);
    try {
      const password = clientPasswordHashing ? await prehashPassword(v.password) : v.password;
      const fields = compact({
        firstName: v.firstName,
        lastName: v.lastName,
        username: v.username.trim().toLowerCase(),
        email: v.email.trim(),
        password,
        gender: v.gender,
        orientation: v.orientation,
        dateOfBirth: v.dateOfBirth,
        country: v.country,
      });
      const res = await upload<RegisterResponse>(
        '/auth/performers/register',
        { documentVerification: v.documentVerification[0]?.originFileObj, idVerification: v.idVerification[0]?.originFileObj },
        { fields, onProgress: setProgress },
      );
      await finish(res, { username: fields.username!, password: v.password, email: v.email });
    } catch (e) {
      const fe = fieldErrors(e);
      if (Object.keys(fe).length) form.setFields(Object.entries(fe).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      setError(errorText(e));
    } finally {
      setProgress(null);
    }
  };

  const uploadProps = { beforeUpload: () => false as const, maxCount: 1, accept: 'image/jpeg,image/png,image/webp,application/pdf' };
  const norm = (e: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : e?.fileList);

  return (
    <>
      {(error || loginError) && <Alert type="error" showIcon role="alert" title={error || loginError} style={{ marginBottom: 20 }} />}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} name="register-creator" scrollToFirstError disabled={progress !== null}>
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
        <Form.Item name="username" label="Username" rules={zodRules(S.username, { label: 'Username' })} extra="Your page will live at /your-username">
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
            <Form.Item name="gender" label="Gender" rules={zodRules(S.gender, { requiredMessage: 'Please choose a gender' })}>
              <Select options={genderOptions} placeholder="Choose" aria-label="Gender" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="orientation" label="Orientation (optional)" rules={zodRules(S.orientation)}>
              <Select allowClear options={orientationOptions} placeholder="Choose" aria-label="Orientation" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="dateOfBirth"
              label="Date of birth"
              rules={[
                ...zodRules(S.dateOfBirth, { required: true, requiredMessage: 'Please enter your date of birth' }),
                { validator: async (_r, v?: string) => { if (v && v > adultDate()) throw new Error('Creators must be at least 18 years old'); } },
              ]}
            >
              <Input type="date" max={adultDate()} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="country" label="Country (optional)" rules={zodRules(S.country)}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={countries.options} loading={countries.isLoading} placeholder="Choose a country" aria-label="Country" />
            </Form.Item>
          </Col>
        </Row>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Identity check"
          description="We verify every creator. Upload a photo of your ID document and a selfie holding it (JPG, PNG, WebP or PDF, up to 10 MB each). Only our team can see them."
        />
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="documentVerification" label="ID document" valuePropName="fileList" getValueFromEvent={norm} rules={fileRules('a photo of your ID document')}>
              <Upload {...uploadProps} listType="text">
                <Button icon={<IdcardOutlined />} block>
                  Choose ID document
                </Button>
              </Upload>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="idVerification" label="Selfie with your ID" valuePropName="fileList" getValueFromEvent={norm} rules={fileRules('a selfie holding your ID')}>
              <Upload {...uploadProps} listType="text">
                <Button icon={<CameraOutlined />} block>
                  Choose selfie
                </Button>
              </Upload>
            </Form.Item>
          </Col>
        </Row>
        {progress !== null && <Progress percent={progress} status="active" aria-label="Upload progress" style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={progress !== null} disabled={false}>
          Create creator account
        </Button>
      </Form>
      <p style={{ textAlign: 'center', marginTop: 28, marginBottom: 0 }} className="muted">
        Already have an account? <Link href="/auth/login">Log in</Link> · Just here to follow? <Link href="/auth/register">Sign up as a fan</Link>
      </p>
    </>
  );
}
