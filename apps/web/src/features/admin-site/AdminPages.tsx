'use client';
/**
 * /admin/pages: the static pages (GET /admin/posts; status filter, search and table state in the
 * URL), New page → /admin/pages/new, Edit → /admin/pages/{id}, View (published), Delete (confirm,
 * DELETE /admin/posts/{id}).
 */
import Link from 'next/link';
import { App, Button, Card, Input, Select, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { SitePageSummary } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import css from './admin-site.module.css';

const STATUS_OPTIONS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];
const validStatus = (s: string | undefined) => (STATUS_OPTIONS.some((o) => o.value === s) ? (s as 'draft' | 'published') : undefined);

export default function AdminPages() {
  const { modal, message } = App.useApp();
  const table = useRouteTable(routes.site.adminPages, { sortBy: 'updatedAt', query: (api, { filters }) => ({ ...api, status: validStatus(filters.status), q: filters.q?.trim() || undefined }) });
  const { t, mutate } = table;
  const status = validStatus(t.query.filters.status);
  const q = t.query.filters.q?.trim() || undefined;

  const remove = (p: SitePageSummary) =>
    modal.confirm({
      title: `Delete the page “${p.title}”?`,
      content: 'It disappears from the site and the footer at once. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.site.adminPageRemove, { params: { id: p._id } });
          message.success('Page deleted');
          void mutate();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  return (
    <div className="container page">
      <div className={css.headerRow}>
        <div>
          <h1 className="page-title">Pages</h1>
          <p className="page-lead">Terms, privacy, FAQ and other static pages, at /page/… on the site. Published pages marked for the footer are listed there.</p>
        </div>
        <Link href="/admin/pages/new">
          <Button type="primary" icon={<PlusOutlined />}>
            New page
          </Button>
        </Link>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter pages" className={css.toolbar}>
          <Select aria-label="Status" placeholder="Any status" allowClear value={status} onChange={(v) => t.set({ status: v ?? null })} options={STATUS_OPTIONS} className={css.filter} />
          <Input.Search aria-label="Search pages" placeholder="Title or address" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
        </FilterBar>
        <QueryTable<SitePageSummary>
          table={table}
          errorTitle="Pages didn't load"
          totalLabel={(n) => (n === 1 ? '1 page' : `${n} pages`)}
          empty={<EmptyState title="No pages" description={status || q ? 'Nothing matches these filters.' : 'Create the terms, privacy policy or FAQ of your site.'} />}
          cardsLabel="Pages list"
          size="middle"
          onRow={(p) => ({ 'aria-label': `Page ${p.title}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'title', title: 'Title', dataIndex: 'title', sorter: true, sortOrder: t.sortOrder('title'), render: (v: string, p) => <Link href={`/admin/pages/${p._id}`}>{v}</Link> },
            { key: 'slug', title: 'Address', dataIndex: 'slug', render: (v: string) => <code>/page/{v}</code> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => (v === 'published' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>) },
            { key: 'showInFooter', title: 'Footer', dataIndex: 'showInFooter', width: 90, render: (v: boolean) => (v ? 'Yes' : 'No') },
            { key: 'sortOrder', title: 'Order', dataIndex: 'sortOrder', width: 90, sorter: true, sortOrder: t.sortOrder('sortOrder') },
            { key: 'updatedAt', title: 'Updated', dataIndex: 'updatedAt', width: 170, sorter: true, sortOrder: t.sortOrder('updatedAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            {
              key: 'actions',
              title: 'Actions',
              width: 130,
              render: (_, p) => (
                <Space size={4}>
                  <Link href={`/admin/pages/${p._id}`}>
                    <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit ${p.title}`} title="Edit" />
                  </Link>
                  {p.status === 'published' && (
                    <Link href={`/page/${p.slug}`} target="_blank">
                      <Button size="small" type="text" icon={<EyeOutlined />} aria-label={`View ${p.title}`} title="View" />
                    </Link>
                  )}
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${p.title}`} title="Delete" onClick={() => remove(p)} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
