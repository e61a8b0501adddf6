'use client';
/**
 * "Export records" of /admin/releases: the records (all, or one status) for the operator's
 * custodian of records — POST /admin/releases/export (the API asks for the reason header: the
 * console's reason dialog asks why; one audit row names every owner concerned) answers a 5-minute
 * signed link to a ZIP (index.csv and each record's files), offered here as a download link.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Radio } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ReleaseStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { apiUrl, call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { RELEASE_STATUS_LABEL } from './release-ui';
import css from './releases.module.css';

type Which = ReleaseStatus | 'all';

export default function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [which, setWhich] = useState<Which>('approved');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ready, setReady] = useState<{ url: string; expiresAt: string; count: number } | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    setReady(null);
    try {
      setReady(await call(routes.releases.releaseExport, { body: which === 'all' ? {} : { status: which } }));
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Export records"
      // Under the console's reason dialog (z-index 1000, mounted first), which asks before the export.
      zIndex={999}
      destroyOnHidden
      footer={
        <div className={css.buttons}>
          <Button onClick={onClose}>Close</Button>
          <Button type="primary" loading={busy} onClick={() => void run()}>
            Prepare export
          </Button>
        </div>
      }
    >
      <p>A ZIP for the custodian of records: an index (CSV) and each record&apos;s ID pictures and signed consent. The export is logged with your reason.</p>
      <Radio.Group
        aria-label="Records to export"
        value={which}
        onChange={(e) => {
          setWhich(e.target.value as Which);
          setReady(null);
        }}
        options={[
          { value: 'approved', label: RELEASE_STATUS_LABEL.approved },
          { value: 'pending', label: RELEASE_STATUS_LABEL.pending },
          { value: 'rejected', label: RELEASE_STATUS_LABEL.rejected },
          { value: 'all', label: 'All records' },
        ]}
        className={css.exportChoice}
      />
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
      {ready && (
        <Alert
          type="success"
          showIcon
          role="status"
          className={css.alert}
          title={ready.count === 1 ? '1 record is ready' : `${ready.count} records are ready`}
          description={
            <>
              <a href={apiUrl(ready.url)} download className={css.download}>
                <DownloadOutlined aria-hidden /> Download the ZIP
              </a>
              <div className={css.muted}>The link works until {fullDate(ready.expiresAt)}.</div>
            </>
          }
        />
      )}
    </Modal>
  );
}
