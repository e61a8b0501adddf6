'use client';
/**
 * /admin/screening (upload screening, issue 28 §4): uploads quarantined because they matched the
 * blocklist (or the external classifier), with their match — release (a false positive) or confirm
 * (blocked for good, its hashes join the blocklist) — and the blocklist itself: search by label,
 * import a file (one `<16 hex digits>[,label]` per line), delete an entry.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Image, Input, Popconfirm, Segmented, Select, Space, Table, Tag, Upload } from 'antd';
import type { BlocklistEntry, QuarantinedUpload } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import css from './admin-screening.module.css';

const PAGE = 20;
type QStatus = QuarantinedUpload['status'];

export default function AdminScreening() {
  return (
    <div className="container page">
      <h1 className="page-title">Screening</h1>
      <p className="page-lead">
        Every uploaded picture and video is compared with the blocklist by its perceptual hash. A match is held here before anyone but the operators can see it; the post it belonged to is stopped and a report opened.
      </p>
      <Quarantine />
      <Blocklist />
    </div>
  );
}

function Quarantine() {
  const { message } = App.useApp();
  const [status, setStatus] = useState<QStatus>('quarantined');
  const [offset, setOffset] = useState(0);
  const list = useRoute(routes.screening.quarantine, { query: { status, offset, limit: PAGE } });
  const [busy, setBusy] = useState<string | null>(null);
  const decide = async (q: QuarantinedUpload, how: 'release' | 'confirm') => {
    setBusy(q._id);
    try {
      if (how === 'release') await call(routes.screening.release, { params: { id: q._id }, body: {} });
      else await call(routes.screening.confirm, { params: { id: q._id }, body: {} });
      message.success(how === 'release' ? 'Released: the upload goes on' : 'Confirmed: blocked, and its hashes are on the blocklist');
      void list.mutate();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Quarantined uploads" className={css.card}>
      <Segmented<QStatus> aria-label="Show" className={css.tools} value={status} onChange={(v) => { setStatus(v); setOffset(0); }} options={[{ value: 'quarantined', label: 'Held' }, { value: 'released', label: 'Released' }, { value: 'confirmed', label: 'Confirmed' }]} />
      {list.error && <Alert type="error" showIcon role="alert" title={errorText(list.error, "The quarantine didn't load")} />}
      <Table<QuarantinedUpload>
        rowKey="_id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 760 }}
        pagination={{ current: offset / PAGE + 1, pageSize: PAGE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setOffset((p - 1) * PAGE) }}
        locale={{ emptyText: status === 'quarantined' ? 'Nothing is held: no upload matched the blocklist.' : 'None yet.' }}
        columns={[
          { title: 'Upload', dataIndex: 'url', render: (url: string | null, q) => (url ? <Image src={url} alt={`Quarantined upload of ${q.ownerUsername ?? 'a deleted account'}`} width={64} height={64} className={css.thumb} /> : <Tag>{q.mediaType || 'file'}</Tag>) },
          { title: 'Uploader', dataIndex: 'ownerUsername', render: (u: string | null) => (u ? <a href={`/admin/users?q=${encodeURIComponent(u)}`}>@{u}</a> : '—') },
          { title: 'Match', dataIndex: 'entryLabel', render: (label: string, q) => (<span data-testid="quarantine-match">{label || 'Unlabelled entry'}{q.distance !== null ? ` · ${q.distance} bits apart` : ''}{q.scanner ? ` · classifier: ${q.scanner.verdict}${q.scanner.score !== null ? ` (${q.scanner.score})` : ''}` : ''}</span>) },
          { title: 'Held since', dataIndex: 'createdAt', render: (at: string) => fullDate(at) },
          {
            title: 'Decision',
            key: 'decide',
            render: (_: unknown, q) =>
              q.status === 'quarantined' ? (
                <Space orientation="vertical" size={8}>
                  <Popconfirm title="Release this upload?" description="It was a false positive: it is processed and shown." okText="Release" onConfirm={() => decide(q, 'release')}>
                    <Button block loading={busy === q._id}>Release</Button>
                  </Popconfirm>
                  <Button block type="primary" danger loading={busy === q._id} onClick={() => void decide(q, 'confirm')}>
                    Confirm and block
                  </Button>
                </Space>
              ) : (
                <Tag color={q.status === 'released' ? 'green' : 'red'}>{q.status === 'released' ? 'Released' : 'Confirmed'}{q.decidedAt ? ` · ${fullDate(q.decidedAt)}` : ''}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}

function Blocklist() {
  const { message } = App.useApp();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [kind, setKind] = useState<BlocklistEntry['kind']>('image');
  const [importing, setImporting] = useState(false);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const list = useRoute(routes.screening.blocklist, { query: { offset, limit: PAGE, ...(q ? { q } : {}) } });

  const importFile = async (file: File) => {
    setImporting(true);
    setImportErrors([]);
    try {
      const r = await call(routes.screening.importBlocklist, { body: { text: await file.text(), kind } });
      message.success(`${r.added} added${r.duplicates ? `, ${r.duplicates} already listed` : ''}`);
      setOffset(0);
      void list.mutate();
    } catch (e) {
      const details = (e as { details?: Array<{ message: string }> }).details ?? [];
      setImportErrors(details.map((d) => d.message));
      message.error(errorText(e));
    } finally {
      setImporting(false);
    }
    return false;
  };
  const remove = async (entry: BlocklistEntry) => {
    try {
      await call(routes.screening.removeEntry, { params: { entryId: entry._id } });
      message.success('Entry deleted');
      void list.mutate();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <Card title="Blocklist" className={css.card}>
      <p className={css.help}>
        Import a text or CSV file with one 64-bit hash (16 hex digits) per line, optionally followed by a comma and a label; lines starting with # are skipped. A file with a bad line is refused whole.
      </p>
      <Space wrap className={css.tools}>
        <Form.Item label="Hashes of" className={css.inline}>
          <Select<BlocklistEntry['kind']> aria-label="Hashes of" value={kind} onChange={setKind} className={css.kind} options={[{ value: 'image', label: 'Images' }, { value: 'video-frame', label: 'Video frames' }]} />
        </Form.Item>
        <Upload accept=".txt,.csv,text/plain,text/csv" showUploadList={false} beforeUpload={(f) => importFile(f)}>
          <Button type="primary" loading={importing}>Import a list</Button>
        </Upload>
        <Input.Search allowClear aria-label="Search labels" placeholder="Search labels" onSearch={(v) => { setQ(v.trim()); setOffset(0); }} className={css.search} />
      </Space>
      {importErrors.length > 0 && (
        <Alert type="error" showIcon role="alert" className={css.card} title="Nothing was imported" description={<ul className={css.errors}>{importErrors.map((m) => <li key={m}>{m}</li>)}</ul>} />
      )}
      {list.error && <Alert type="error" showIcon role="alert" title={errorText(list.error, "The blocklist didn't load")} />}
      <Table<BlocklistEntry>
        rowKey="_id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 760 }}
        pagination={{ current: offset / PAGE + 1, pageSize: PAGE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setOffset((p - 1) * PAGE) }}
        locale={{ emptyText: q ? 'No entry has that label.' : 'The blocklist is empty: import a list, or confirm a quarantined upload.' }}
        columns={[
          { title: 'Hash', dataIndex: 'hash', render: (h: string) => <code>{h}</code> },
          { title: 'Label', dataIndex: 'label', render: (l: string) => l || '—' },
          { title: 'Of', dataIndex: 'kind', render: (k: string) => (k === 'image' ? 'Image' : 'Video frame') },
          { title: 'Source', dataIndex: 'source', render: (s: string) => <Tag>{s === 'import' ? 'Imported' : 'Removed item'}</Tag> },
          { title: 'Added', dataIndex: 'createdAt', render: (at: string) => fullDate(at) },
          {
            title: '',
            key: 'remove',
            render: (_: unknown, e) => (
              <Popconfirm title="Delete this entry?" okText="Delete" onConfirm={() => remove(e)}>
                <Button danger size="small" aria-label={`Delete entry ${e.hash}`}>Delete</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
