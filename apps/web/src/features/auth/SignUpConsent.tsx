'use client';
/**
 * The two confirmations every sign-up asks (modules/legal): "I am {minimumAge} or older" and "I
 * accept the Terms of Service and the Privacy Policy" (links to the pages the operator published,
 * in a new tab). Required checkboxes of the form (`ageConfirmed`, `acceptTerms`): the API's field
 * errors land under them too. The social buttons below read and check them first (consentOf).
 */
import type { ReactNode } from 'react';
import { Checkbox, Form, type FormInstance } from 'antd';
import { useTranslations } from 'next-intl';
import type { LegalKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useSettings } from '@/lib/site-context';
import css from './auth.module.css';

export interface ConsentValues {
  ageConfirmed?: boolean;
  acceptTerms?: boolean;
}

const mustTick = (message: string) => [{ validator: async (_: unknown, v: unknown) => { if (v !== true) throw new Error(message); } }];

/** A legal document's name (`label`, in the page's language), linked to its page when the operator published one. */
function DocLink({ label, slug }: { label: ReactNode; slug?: string }) {
  return slug ? (
    <a href={`/page/${encodeURIComponent(slug)}`} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : (
    <>{label}</>
  );
}

export default function SignUpConsent() {
  const { minimumAge } = useSettings();
  const { data } = useRoute(routes.legal.documents, {}, { revalidateOnFocus: false });
  const slug = (k: LegalKind) => data?.documents.find((d) => d.kind === k)?.slug;
  // The English words are the spec's (ageConfirmationLabel, LEGAL_KIND_LABELS, LEGAL_MESSAGES.termsNotAccepted).
  const t = useTranslations('authMore');
  return (
    <div className={css.consent}>
      <Form.Item name="ageConfirmed" valuePropName="checked" rules={mustTick(t('ageRequired', { age: minimumAge }))} className={css.consentItem}>
        <Checkbox>{t('ageConfirm', { age: minimumAge })}</Checkbox>
      </Form.Item>
      <Form.Item name="acceptTerms" valuePropName="checked" rules={mustTick(t('termsRequired'))} className={css.consentItem}>
        <Checkbox>
          {t.rich('acceptTerms', {
            terms: (c) => <DocLink label={c} slug={slug('terms')} />,
            privacy: (c) => <DocLink label={c} slug={slug('privacy')} />,
          })}
        </Checkbox>
      </Form.Item>
    </div>
  );
}

/**
 * For a social sign-up from a form with SignUpConsent: checks both boxes (showing their errors) and
 * answers them, or null when one is not ticked.
 */
export async function consentOf(form: FormInstance): Promise<{ ageConfirmed: boolean; acceptTerms: boolean } | null> {
  try {
    const v = (await form.validateFields(['ageConfirmed', 'acceptTerms'])) as ConsentValues;
    return { ageConfirmed: v.ageConfirmed === true, acceptTerms: v.acceptTerms === true };
  } catch {
    return null;
  }
}
