'use client';
/**
 * What a fan or visitor in a listed place sees instead of an adult creator's page until their age
 * is verified (the API answers 404 `age_verification_required`): the reason and the way to verify
 * (/age-verification: the upload form or the provider's page). Light on purpose: it is part of every
 * creator page's first load, so the upload form lives on its own page.
 */
import { useRouter } from 'next/navigation';
import { Button, Card } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { AGE_MESSAGES } from '@stagepass/shared';
import css from './age.module.css';

export default function AgeGate() {
  const router = useRouter();
  return (
    <div className={`page ${css.gate}`}>
      <Card>
        <div className={css.gateHead}>
          <SafetyCertificateOutlined className={css.gateIcon} aria-hidden />
          <div>
            <h1>{AGE_MESSAGES.verifyToSee}</h1>
            <p>The law where you are asks adult sites to check the age of their visitors. Once your age is verified, this creator&apos;s page and posts are shown to you.</p>
          </div>
        </div>
        <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => router.push('/age-verification')}>
          Verify your age
        </Button>
      </Card>
    </div>
  );
}
