'use client';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import css from './auth.module.css';

export default function RegisterDone({ email, message }: { email?: string; message?: string }) {
  return (
    <Result
      icon={<MailOutlined className={css.mailIcon} />}
      title="Check your e-mail"
      subTitle={
        <>
          {message || 'Your account was created.'} We sent a verification link{email ? <> to <strong>{email}</strong></> : null}. Open it to activate your account, then
          log in.
        </>
      }
      extra={
        <Link href="/auth/login">
          <Button type="primary">Go to log in</Button>
        </Link>
      }
    />
  );
}
