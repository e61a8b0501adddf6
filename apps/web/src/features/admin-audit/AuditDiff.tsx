'use client';
import { useState } from 'react';
import { Button } from 'antd';
import type { AuditEntry } from '@stagepass/shared';
import { auditDiff } from './audit-diff';
import css from './admin-audit.module.css';

const KIND_LABEL = { added: 'added', removed: 'removed', changed: 'changed', same: 'unchanged' } as const;

/**
 * One audit entry's before/after as a table of fields (dotted paths): changed, added and removed
 * fields first-class and coloured, unchanged ones hidden behind "Show unchanged fields"; then the
 * request's IP and user agent.
 */
export default function AuditDiff({ entry }: { entry: AuditEntry }) {
  const [all, setAll] = useState(false);
  const lines = auditDiff(entry.before, entry.after);
  const same = lines.filter((l) => l.kind === 'same').length;
  const shown = all ? lines : lines.filter((l) => l.kind !== 'same');
  return (
    <div>
      {lines.length === 0 ? (
        <p className={css.muted}>This action recorded no snapshot.</p>
      ) : (
        <table className={css.diff}>
          <caption>Changes to {entry.targetType}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((l) => (
              <tr key={l.path || '(value)'} className={css[l.kind]}>
                <td>
                  {l.path || <span className={css.muted}>(value)</span>}
                  <span className="sr-only"> ({KIND_LABEL[l.kind]})</span>
                </td>
                <td>
                  <pre className={l.kind === 'changed' || l.kind === 'removed' ? css.old : undefined}>{l.before}</pre>
                </td>
                <td>
                  <pre>{l.after}</pre>
                </td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={3} className={css.muted}>
                  Nothing changed.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {same > 0 && (
        <Button type="link" size="small" className={css.toggle} onClick={() => setAll((v) => !v)} aria-expanded={all}>
          {all ? 'Hide unchanged fields' : `Show unchanged fields (${same})`}
        </Button>
      )}
      <dl className={css.meta}>
        <div>
          <dt>IP</dt>
          <dd>{entry.ip || '—'}</dd>
        </div>
        <div>
          <dt>Browser</dt>
          <dd>{entry.userAgent || '—'}</dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd className={css.mono}>{entry._id}</dd>
        </div>
      </dl>
    </div>
  );
}
