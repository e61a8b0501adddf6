'use client';
/**
 * /admin/pages/new and /admin/pages/{id}: a static page's form — title, address (slug; made from
 * the title until edited by hand), status, footer, order, and the body in the rich-text editor
 * (loaded on demand). Create → POST /admin/posts, then this page's edit address; save → PUT
 * /admin/posts/{id}. Field errors from the API (a taken address: 409 on slug) land on their fields.
 */
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Skeleton, Switch } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { MESSAGES, createSitePageSchema, slugSchema, slugify, type SitePage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute, revalidateRoutes } from '@/lib/swr';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { ErrorState } from '@/components/states';
import css from './admin-site.module.css';

const RichTextEditor = dynamic(() => import('./RichTextEditor'), { ssr: false, loading: () => <Skeleton active paragraph={{ rows: 6 }} /> });

type Values = Pick<SitePage, 'title' | 'slug' | 'body' | 'status' | 'showInFooter' | 'sortOrder'>;
const EMPTY: Values = { title: '', slug: '', body: '', status: 'draft', showInFooter: false, sortOrder: 0 };

function EditorForm({ page }: { page: SitePage | null }) {
  const { message } = App.useApp();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [slugTouched, setSlugTouched] = useState(Boolean(page));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = Form.useWatch('status', form);
  const slug = Form.useWatch('slug', form);

  const save = async (v: Values) => {
    setBusy(true);
    setFailure(null);
    try {
      const body = { ...v, slug: v.slug?.trim() || undefined };
      if (page) {
        await call(routes.site.adminPageUpdate, { params: { id: page._id }, body: { ...body, slug: body.slug ?? page.slug } });
        message.success(MESSAGES.changesSaved);
      } else {
        const created = await call(routes.site.adminPageCreate, { body });
        message.success('Page created');
        router.replace(`/admin/pages/${created._id}`);
      }
      void revalidateRoutes(routes.site.adminPages, routes.site.adminPageGet);
      router.refresh();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="page-editor"
      requiredMark={false}
      initialValues={page ? { title: page.title, slug: page.slug, body: page.body, status: page.status, showInFooter: page.showInFooter, sortOrder: page.sortOrder } : EMPTY}
      onValuesChange={(changed: Partial<Values>) => {
        if ('title' in changed && !slugTouched) form.setFieldValue('slug', slugify(changed.title ?? ''));
        if ('slug' in changed) setSlugTouched(true);
      }}
      onFinish={save}
      disabled={busy}
    >
      <div className={css.editorGrid}>
        <Card>
          <Form.Item name="title" label="Title" rules={zodRules(createSitePageSchema.shape.title, { requiredMessage: 'Give the page a title' })}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="body" label="Content" htmlFor="page-body" extra="Headings, lists, quotes and links; scripts, styles and pictures are removed when saved.">
            <RichTextEditor id="page-body" label="Content" />
          </Form.Item>
        </Card>
        <Card>
          <Form.Item name="slug" label="Address" rules={zodRules(slugSchema, { requiredMessage: 'Give the page an address' })} extra={`Shown at /page/${slug || '…'}`}>
            <Input prefix="/page/" maxLength={100} />
          </Form.Item>
          <Form.Item name="status" label="Status">
            <Radio.Group aria-label="Status" options={[{ value: 'draft', label: 'Draft' }, { value: 'published', label: 'Published' }]} optionType="button" />
          </Form.Item>
          <Form.Item name="showInFooter" label="Show in footer" htmlFor="page-footer" valuePropName="checked" extra={status === 'published' ? 'Listed in the footer menu of every page.' : 'Listed once published.'}>
            <Switch id="page-footer" />
          </Form.Item>
          <Form.Item name="sortOrder" label="Order" htmlFor="page-order" extra="Smaller first, in the footer and lists.">
            <InputNumber id="page-order" min={0} max={10000} precision={0} className={css.number} />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
          <div className={css.formActions}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {page ? 'Save page' : 'Create page'}
            </Button>
            {page?.status === 'published' && (
              <Link href={`/page/${page.slug}`} target="_blank">
                <Button icon={<EyeOutlined />} htmlType="button">
                  View
                </Button>
              </Link>
            )}
          </div>
        </Card>
      </div>
    </Form>
  );
}

export default function PageEditor({ id }: { id: string | null }) {
  const { data, error, isLoading, mutate } = useRoute(routes.site.adminPageGet, id ? { params: { id } } : null, { revalidateOnFocus: false });
  return (
    <div className="container page">
      <div className={css.headerRow}>
        <div>
          <h1 className="page-title">{id ? 'Edit page' : 'New page'}</h1>
          <p className="page-lead">
            <Link href="/admin/pages">All pages</Link>
          </p>
        </div>
      </div>
      {!id ? (
        <EditorForm page={null} />
      ) : error && !data ? (
        <ErrorState title={(error as { statusCode?: number }).statusCode === 404 ? 'This page does not exist' : "The page didn't load"} message={errorText(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <EditorForm key={data.updatedAt} page={data} />
      )}
    </div>
  );
}
