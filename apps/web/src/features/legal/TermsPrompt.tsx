'use client';
/**
 * "We've updated our terms" (modules/legal): the documents the signed-in account must accept
 * (GET /legal/documents → `pending`), each a link to its page (new tab), the age confirmation when
 * the account never gave it, Accept (POST /legal/accept for each) and Log out. After accepting, the
 * page reloads (every call answers again), or a sign-in page goes on to /home. Used as a full screen (TermsRequiredView) and in the
 * dialog the terms gate opens (TermsGate).
 */
import { useId, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Skeleton } from 'antd';
import { LEGAL_KIND_LABELS, ageConfirmationLabel } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import css from './legal.module.css';

export default function TermsPrompt() {
  const { data, error, isLoading } = useRoute(routes.legal.documents, {}, { revalidateOnFocus: false });
  const [age, setAge] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ageHelp = useId();

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error || !data) return <Alert type="error" showIcon role="alert" title={errorText(error, 'The terms did not load: reload the page')} />;

  const pending = data.documents.filter((d) => data.pending?.kinds.includes(d.kind));
  const needAge = Boolean(data.pending?.age);

  const accept = async () => {
    if (needAge && !age) {
      setFailure(`Confirm that you are ${data.minimumAge} or older`);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      for (const d of pending) await call(routes.legal.accept, { body: { kind: d.kind, version: d.version, ...(needAge ? { ageConfirmed: true } : {}) } });
      // Signed in from a sign-in page (its /users/me met the gate): on to the site; elsewhere the same page again.
      if (window.location.pathname.startsWith('/auth/')) window.location.assign('/home');
      else window.location.reload();
    } catch (e) {
      setFailure(errorText(e));
      setBusy(false);
    }
  };

  return (
    <div className={css.prompt}>
      <p>To keep using the site, please read and accept:</p>
      <ul className={css.documents}>
        {pending.map((d) => (
          <li key={d.kind}>
            <a href={`/page/${encodeURIComponent(d.slug)}`} target="_blank" rel="noopener noreferrer">
              {LEGAL_KIND_LABELS[d.kind]}
            </a>{' '}
            <span className="muted">(version {d.version}, opens in a new tab)</span>
          </li>
        ))}
      </ul>
      {needAge && (
        <Checkbox checked={age} onChange={(e) => setAge(e.target.checked)} aria-describedby={ageHelp}>
          {ageConfirmationLabel(data.minimumAge)}
        </Checkbox>
      )}
      {needAge && (
        <p id={ageHelp} className={`muted ${css.help}`}>
          This site is for adults: we ask once.
        </p>
      )}
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
      <Flex gap={12} wrap className={css.actions}>
        <Button type="primary" size="large" loading={busy} onClick={accept}>
          Accept and continue
        </Button>
        <Button size="large" href="/auth/logout">
          Log out
        </Button>
      </Flex>
    </div>
  );
}
