'use client';
/**
 * "Add a release" on /creator/releases: the co-performer's legal name, date of birth, stage name
 * (optional), the day the consent was signed, the front of their ID, the back (optional) and the
 * signed consent (PDF or picture) — ONE multipart POST /releases with a progress bar. Checked here
 * with the shared rules (releaseFieldsSchema, releaseDateErrors, file types and size); the API's
 * 400 field errors land on their fields.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Progress, Upload, type UploadFile } from 'antd';
import { FileProtectOutlined, IdcardOutlined } from '@ant-design/icons';
import {
  RELEASE_CONSENT_TYPES, RELEASE_FILE_MAX_BYTES, RELEASE_ID_TYPES, RELEASE_MESSAGES, RELEASE_MIN_BIRTH_DATE, releaseDateErrors, releaseFieldsSchema,
  type Release, type ReleaseFile,
} from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, fieldErrors, uploadTo } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { todayLocal } from './release-ui';
import css from './releases.module.css';

interface Values {
  legalName: string;
  dateOfBirth: string;
  stageName?: string;
  signedAt: string;
  idFront?: UploadFile[];
  idBack?: UploadFile[];
  consent?: UploadFile[];
}

const FIELDS = new Set(['legalName', 'dateOfBirth', 'stageName', 'signedAt', 'idFront', 'idBack', 'consent']);
const norm = (e: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : e?.fileList);

const fileRules = (file: ReleaseFile, required: boolean) => [
  {
    // `required` marks the label (the form shows "(optional)" on the others); the validator says what is missing.
    required,
    validator: async (_: unknown, list?: UploadFile[]) => {
      const f = list?.[0]?.originFileObj;
      if (!f) {
        if (required) throw new Error(file === 'consent' ? RELEASE_MESSAGES.consentRequired : RELEASE_MESSAGES.idFrontRequired);
        return;
      }
      const types: readonly string[] = file === 'consent' ? RELEASE_CONSENT_TYPES : RELEASE_ID_TYPES;
      if (f.type && !types.includes(f.type)) throw new Error(file === 'consent' ? RELEASE_MESSAGES.consentFileType : RELEASE_MESSAGES.idFileType);
      if (f.size > RELEASE_FILE_MAX_BYTES) throw new Error(RELEASE_MESSAGES.fileTooLarge);
    },
  },
];

/** The date rules of the contract (real dates, signed not after today, 18+ on the signing day) on one field. */
const dateRule = (field: 'dateOfBirth' | 'signedAt') => ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
  validator: async () => {
    const dateOfBirth = String(getFieldValue('dateOfBirth') ?? '');
    const signedAt = String(getFieldValue('signedAt') ?? '');
    if (!dateOfBirth || !signedAt) return;
    const problem = releaseDateErrors({ dateOfBirth, signedAt }, todayLocal()).find((e) => e.field === field);
    if (problem) throw new Error(problem.message);
  },
});

export default function ReleaseForm({ onSaved, onCancel }: { onSaved: (r: Release) => void; onCancel: () => void }) {
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setFailure(null);
    setProgress(0);
    try {
      const saved = await uploadTo(
        routes.releases.create,
        undefined,
        { idFront: v.idFront?.[0]?.originFileObj, idBack: v.idBack?.[0]?.originFileObj, consent: v.consent?.[0]?.originFileObj },
        { fields: { legalName: v.legalName.trim(), dateOfBirth: v.dateOfBirth, stageName: v.stageName?.trim() || undefined, signedAt: v.signedAt }, onProgress: setProgress },
      );
      form.resetFields();
      onSaved(saved);
    } catch (e) {
      const byField = Object.entries(fieldErrors(e)).filter(([f]) => FIELDS.has(f));
      if (byField.length) form.setFields(byField.map(([f, msg]) => ({ name: f as keyof Values, errors: [msg] })));
      else setFailure(errorText(e, 'The release could not be saved. Please try again.'));
    } finally {
      setProgress(null);
    }
  };

  const sending = progress !== null;
  return (
    <Form<Values> form={form} layout="vertical" name="release" onFinish={(v) => void submit(v)} disabled={sending} requiredMark="optional" scrollToFirstError>
      <div className={css.formGrid}>
        <Form.Item name="legalName" label="Legal name" extra="As on their ID." rules={zodRules(releaseFieldsSchema.shape.legalName, { requiredMessage: 'Enter the legal name' })}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="stageName" label="Stage name" extra="What fans see on your content, if anything." rules={zodRules(releaseFieldsSchema.shape.stageName, { required: false })}>
          <Input maxLength={120} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="dateOfBirth"
          label="Date of birth"
          dependencies={['signedAt']}
          rules={[{ required: true, message: RELEASE_MESSAGES.birthDateInvalid }, dateRule('dateOfBirth')]}
        >
          <Input type="date" min={RELEASE_MIN_BIRTH_DATE} max={todayLocal()} />
        </Form.Item>
        <Form.Item name="signedAt" label="Date signed" extra="The day they signed the consent." rules={[{ required: true, message: RELEASE_MESSAGES.signedDateInvalid }, dateRule('signedAt')]}>
          <Input type="date" min={RELEASE_MIN_BIRTH_DATE} max={todayLocal()} />
        </Form.Item>
      </div>
      <div className={css.files}>
        <Form.Item name="idFront" label="ID front" valuePropName="fileList" getValueFromEvent={norm} rules={fileRules('idFront', true)} extra="JPEG, PNG or WebP, up to 15 MB.">
          <Upload beforeUpload={() => false} maxCount={1} accept={RELEASE_ID_TYPES.join(',')} listType="text">
            <Button icon={<IdcardOutlined />}>Choose ID front</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="idBack" label="ID back" valuePropName="fileList" getValueFromEvent={norm} rules={fileRules('idBack', false)} extra="If the ID has a back.">
          <Upload beforeUpload={() => false} maxCount={1} accept={RELEASE_ID_TYPES.join(',')} listType="text">
            <Button icon={<IdcardOutlined />}>Choose ID back</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="consent" label="Signed consent" valuePropName="fileList" getValueFromEvent={norm} rules={fileRules('consent', true)} extra="PDF or a picture of the signed page.">
          <Upload beforeUpload={() => false} maxCount={1} accept={RELEASE_CONSENT_TYPES.join(',')} listType="text">
            <Button icon={<FileProtectOutlined />}>Choose signed consent</Button>
          </Upload>
        </Form.Item>
      </div>
      <p className={css.muted}>Only you and the site team can open these records. They are stored encrypted, and every time the team opens one it is logged.</p>
      {sending && <Progress percent={progress} status="active" aria-label="Upload progress" className={css.progress} />}
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
      <div className={css.buttons}>
        <Button onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={sending} disabled={false}>
          Send for review
        </Button>
      </div>
    </Form>
  );
}
