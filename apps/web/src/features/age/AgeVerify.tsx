'use client';
/**
 * The fan's age verification (modules/legal README "Age assurance"), by the state GET
 * /age-verification answers: a visitor is asked to sign in; the manual provider's form (an ID photo
 * and a selfie, streamed with a progress bar); the webhook provider's "Continue" to its page;
 * pending; rejected with the reason and a new try; approved. Used on /age-verification and on a
 * withheld creator page (AgeGate).
 */
import { useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { Alert, Button, Progress, Upload, type UploadFile } from 'antd';
import { CameraOutlined, IdcardOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { AgeVerificationState } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors, uploadTo } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { ErrorState, FormSkeleton } from '@/components/states';
import css from './age.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp';

function ManualForm({ onSent, retry }: { onSent: (s: AgeVerificationState) => void; retry: boolean }) {
  const [idPhoto, setIdPhoto] = useState<UploadFile[]>([]);
  const [selfie, setSelfie] = useState<UploadFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState<Record<string, string>>({});

  const send = async () => {
    const id = idPhoto[0]?.originFileObj;
    const face = selfie[0]?.originFileObj;
    const need = { ...(id ? {} : { idPhoto: 'Attach a photo of your ID' }), ...(face ? {} : { selfie: 'Attach a selfie' }) };
    setMissing(need);
    if (!id || !face) return;
    setFailure(null);
    setProgress(0);
    try {
      onSent(await uploadTo(routes.age.submitManual, undefined, { idPhoto: id, selfie: face }, { onProgress: setProgress }));
    } catch (e) {
      setMissing(fieldErrors(e));
      setFailure(errorText(e, 'Your pictures could not be sent. Please try again.'));
    } finally {
      setProgress(null);
    }
  };
  const picker = (field: 'idPhoto' | 'selfie', label: string, hint: string, icon: React.ReactNode, list: UploadFile[], set: (l: UploadFile[]) => void) => (
    <div className={css.picker}>
      <span className={css.pickerLabel} id={`age-${field}-label`}>{label}</span>
      <span className={css.hint}>{hint}</span>
      <Upload beforeUpload={() => false} maxCount={1} accept={ACCEPT} fileList={list} onChange={({ fileList }) => set(fileList)} listType="text">
        <Button icon={icon} aria-labelledby={`age-${field}-label`}>Choose a picture</Button>
      </Upload>
      {missing[field] && <span role="alert" className="ant-form-item-explain-error">{missing[field]}</span>}
    </div>
  );
  return (
    <div className={css.panel}>
      <div className={css.pickers}>
        {picker('idPhoto', 'Photo of your ID', 'Passport, ID card or driving licence: the date of birth readable.', <IdcardOutlined />, idPhoto, setIdPhoto)}
        {picker('selfie', 'Selfie', 'Your face, clearly lit, so the team can match it with the ID.', <CameraOutlined />, selfie, setSelfie)}
      </div>
      <p className={css.hint}>Only the site team sees these pictures. They are deleted once your age is decided.</p>
      {progress !== null && <Progress percent={progress} status="active" aria-label="Upload progress" />}
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      <div>
        <Button type="primary" icon={<SafetyCertificateOutlined />} loading={progress !== null} onClick={() => void send()}>
          {retry ? 'Send new pictures' : 'Send for review'}
        </Button>
      </div>
    </div>
  );
}

function ProviderButton() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setFailure(null);
    try {
      window.location.assign((await call(routes.age.startSession)).url);
    } catch (e) {
      setFailure(errorText(e));
      setBusy(false);
    }
  };
  return (
    <div className={css.panel}>
      <p>Your age is checked by our verification partner. You come back here when it is done.</p>
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      <div>
        <Button type="primary" icon={<SafetyCertificateOutlined />} loading={busy} onClick={() => void go()}>
          Continue to age verification
        </Button>
      </div>
    </div>
  );
}

export default function AgeVerify() {
  const pathname = usePathname();
  const router = useRouter();
  const { data, error, isLoading, mutate } = useRoute(routes.age.state);
  if (isLoading && !data) return <FormSkeleton rows={3} />;
  if (error || !data) return <ErrorState title="Your age verification didn't load" onRetry={() => void mutate()} />;
  const s = data;
  if (!s.signedIn) {
    return (
      <div className={css.panel}>
        <p>Sign in or create an account to verify your age.</p>
        <div>
          <Button type="primary" onClick={() => router.push(`/auth/login?next=${encodeURIComponent(pathname || '/')}`)}>
            Sign in
          </Button>
        </div>
      </div>
    );
  }
  if (s.status === 'approved') return <Alert type="success" showIcon title="Your age is verified" description={s.decidedAt ? `Approved on ${fullDate(s.decidedAt)}.` : undefined} />;
  if (!s.required && !s.restricted) return <Alert type="info" showIcon title="Age verification is not needed where you are" />;
  const done = (next: AgeVerificationState) => void mutate(next, { revalidate: false });
  if (s.status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        title="Your age verification is waiting for review"
        description={`${s.submittedAt ? `Sent on ${fullDate(s.submittedAt)}. ` : ''}You'll get a notification when it's decided.`}
      />
    );
  }
  return (
    <div className={css.panel}>
      {s.status === 'rejected' && (
        <Alert type="warning" showIcon title="Your age verification was not accepted" description={s.reason ? `Reason: ${s.reason}. You can try again.` : 'You can try again.'} />
      )}
      {s.provider === 'webhook' ? <ProviderButton /> : <ManualForm onSent={done} retry={s.status === 'rejected'} />}
    </div>
  );
}
