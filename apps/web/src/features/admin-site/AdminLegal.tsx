'use client';
/**
 * /admin/legal: the versions of the Terms of Service and the Privacy Policy (GET /admin/legal/documents)
 * and "Publish a new version" (POST /admin/legal/documents): a document and the published page it
 * is; after a confirmation, every signed-in account is asked to accept it before going on.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Select, Table, Tag } from 'antd';
import { LEGAL_KINDS, LEGAL_KIND_LABELS, type AdminLegalDocument, type LegalKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { showFieldErrors } from '@/lib/form-rules';
import css from './admin-site.module.css';

interface PublishValues {
  kind: LegalKind;
  slug: string;
}

export default function AdminLegal() {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<PublishValues>();
  const versions = useRoute(routes.legal.adminList, {});
  const pages = useRoute(routes.site.adminPages, { query: { status: 'published', limit: 100, sort: 'asc', sortBy: 'title' } }, { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);

  const publish = (v: PublishValues) =>
    modal.confirm({
      title: `Publish a new version of the ${LEGAL_KIND_LABELS[v.kind]}?`,
      content: 'Every signed-in user will have to accept it before going on.',
      okText: 'Publish',
      onOk: async () => {
        setBusy(true);
        try {
          const doc = await call(routes.legal.adminPublish, { body: v });
          message.success(`${LEGAL_KIND_LABELS[doc.kind]}: version ${doc.version} published`);
          form.resetFields();
          void versions.mutate();
        } catch (e) {
          showFieldErrors(form, e);
          message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      },
    });

  return (
    <div className="container page">
      <h1 className="page-title">Terms versions</h1>
      <p className="page-lead">The Terms of Service and the Privacy Policy users accept. Each version is a published page; a new version must be accepted by every signed-in user before they go on.</p>
      <Card title="Publish a new version" className={css.legalCard}>
        <Form<PublishValues> form={form} layout="inline" name="publish-legal" onFinish={publish}>
          <Form.Item name="kind" label="Document" rules={[{ required: true, message: 'Choose a document' }]}>
            <Select className={css.filter} placeholder="Choose" options={LEGAL_KINDS.map((k) => ({ value: k, label: LEGAL_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="slug" label="Page" rules={[{ required: true, message: 'Choose the page' }]}>
            <Select
              className={css.legalPage}
              placeholder="A published page"
              loading={pages.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(pages.data?.data ?? []).map((p) => ({ value: p.slug, label: `${p.title} (/page/${p.slug})` }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              Publish
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {versions.error && <Alert type="error" showIcon role="alert" title={errorText(versions.error, "The versions didn't load")} className={css.legalCard} />}
      <Card styles={{ body: { padding: 12 } }}>
        <Table<AdminLegalDocument>
          rowKey="_id"
          loading={versions.isLoading}
          dataSource={versions.data ?? []}
          pagination={false}
          locale={{ emptyText: 'Nothing published yet: sign-ups accept the pages as they are, unversioned.' }}
          columns={[
            { title: 'Document', dataIndex: 'kind', render: (k: LegalKind) => LEGAL_KIND_LABELS[k] },
            { title: 'Version', dataIndex: 'version', render: (n: number, d) => (<>{n} {d.current && <Tag color="green">Current</Tag>}</>) },
            { title: 'Page', dataIndex: 'slug', render: (slug: string, d) => <a href={`/page/${encodeURIComponent(slug)}`} target="_blank" rel="noopener noreferrer">{d.title}</a> },
            { title: 'Published', dataIndex: 'publishedAt', render: (at: string) => fullDate(at) },
            { title: 'Accepted by', dataIndex: 'acceptances', render: (n: number) => `${n} ${n === 1 ? 'account' : 'accounts'}` },
          ]}
        />
      </Card>
    </div>
  );
}
