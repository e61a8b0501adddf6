'use client';
/**
 * The two confirmations every sign-up asks (modules/legal): "I am {minimumAge} or older" and "I
 * accept the Terms of Service and the Privacy Policy" (links to the pages the operator published,
 * in a new tab). Required checkboxes of the form (`ageConfirmed`, `acceptTerms`): the API's field
 * errors land under them too. The social buttons below read and check them first (consentOf).
 */
import { Checkbox, Form, type FormInstance } from 'antd';
import { LEGAL_KIND_LABELS, LEGAL_MESSAGES, ageConfirmationLabel, type LegalKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useSettings } from '@/lib/site-context';
import css from './auth.module.css';

export interface ConsentValues {
  ageConfirmed?: boolean;
  acceptTerms?: boolean;
}

const mustTick = (message: string) => [{ validator: async (_: unknown, v: unknown) => { if (v !== true) throw new Error(message); } }];

function DocLink({ kind, slug }: { kind: LegalKind; slug?: string }) {
  const label = LEGAL_KIND_LABELS[kind];
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
  return (
    <div className={css.consent}>
      <Form.Item name="ageConfirmed" valuePropName="checked" rules={mustTick(`Confirm that you are ${minimumAge} or older`)} className={css.consentItem}>
        <Checkbox>{ageConfirmationLabel(minimumAge)}</Checkbox>
      </Form.Item>
      <Form.Item name="acceptTerms" valuePropName="checked" rules={mustTick(LEGAL_MESSAGES.termsNotAccepted)} className={css.consentItem}>
        <Checkbox>
          I accept the <DocLink kind="terms" slug={slug('terms')} /> and the <DocLink kind="privacy" slug={slug('privacy')} />
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
