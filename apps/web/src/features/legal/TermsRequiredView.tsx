'use client';
/** The full screen the root layout shows a signed-in account with new terms to accept (403 terms_required on its first render). */
import { FileProtectOutlined } from '@ant-design/icons';
import StatusView from '@/components/views/StatusView';
import TermsPrompt from './TermsPrompt';
import { TERMS_TITLE } from './TermsDialog';

export default function TermsRequiredView() {
  return (
    <StatusView icon={<FileProtectOutlined />} title={TERMS_TITLE}>
      <TermsPrompt />
    </StatusView>
  );
}
