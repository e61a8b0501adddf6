'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Button, Card, Flex, Input, Select, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import type { Gallery } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import LazyGalleryForm from './LazyGalleryForm';
import { confirmDeleteGallery } from './deleteGallery';
import { AccessBadge, StatusTags, coverPicture, manageGalleryUrl } from './parts';
import css from './galleries.module.css';
import HiddenTag from '@/components/HiddenTag';

/**
 * /creator/galleries: the creator's own galleries (GET /performer/performer-assets/galleries/search,
 * every status) as a table whose page, sort and filters (`q`, `status`, `access`) live in the URL;
 * `New gallery` / `Edit` open the form dialog (a new gallery goes on to its photos), `Manage` opens
 * its photos, `Delete` asks first. `?new=1` opens the form at once (the profile's empty state).
 */
export default function MyGalleries() {
  const { message, modal } = App.useApp();
  const router = useRouter();
  const table = useRouteTable(routes.galleries.listOwn, {
    sortBy: 'publishAt',
    // `new` opens the dialog; it is not a filter of the list.
    query: ({ new: _open, ...q }) => q,
  });
  const { t, mutate } = table;
  const [editing, setEditing] = useState<Gallery | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const wantsNew = t.query.filters.new === '1';
  const set = t.set;
  const page = t.query.current;
  useEffect(() => {
    if (!wantsNew) return;
    setEditing(null);
    setFormOpen(true);
    set({ new: null, current: page > 1 ? page : null });
  }, [wantsNew, set, page]);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const remove = (g: Gallery) => confirmDeleteGallery(modal, message, g, () => void mutate());

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={12} wrap className={css.pageHead}>
        <div>
          <h1 className="page-title">My galleries</h1>
          <p className="page-lead">Photo sets for everyone, for your subscribers, or for sale.</p>
        </div>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={openNew}>
          New gallery
        </Button>
      </Flex>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter galleries">
          <Input.Search
            aria-label="Filter my galleries"
            placeholder="Search titles and descriptions"
            allowClear
            defaultValue={t.query.filters.q}
            onSearch={(q) => t.set({ q: q.trim() || null })}
            className={css.search}
          />
          <Select
            aria-label="Filter by status"
            placeholder="Any status"
            allowClear
            value={t.query.filters.status}
            onChange={(v) => t.set({ status: v ?? null })}
            className={css.filter}
            options={[
              { value: 'draft', label: 'Draft' },
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
          />
          <Select
            aria-label="Filter by access"
            placeholder="Any access"
            allowClear
            value={t.query.filters.access}
            onChange={(v) => t.set({ access: v ?? null })}
            className={css.filter}
            options={[
              { value: 'free', label: 'Free' },
              { value: 'subscribers', label: 'Subscribers' },
              { value: 'sale', label: 'For sale' },
            ]}
          />
        </FilterBar>
        <QueryTable<Gallery>
          table={table}
          errorTitle="Your galleries didn't load"
          totalLabel={(n) => (n === 1 ? '1 gallery' : `${n} galleries`)}
          cardsLabel="My galleries list"
          scroll={{ x: 780 }}
          empty={
            Object.keys(t.query.filters).some((k) => k !== 'new') ? (
              <EmptyState title="No galleries match" description="Try other filters." />
            ) : (
              <EmptyState
                title="No galleries yet"
                description="Create a gallery, then upload its photos."
                action={
                  <Button type="primary" onClick={openNew}>
                    New gallery
                  </Button>
                }
              />
            )
          }
          columns={[
            {
              key: 'gallery',
              title: 'Gallery',
              width: 270,
              render: (_, g) => {
                const pic = coverPicture(g.cover, 'small');
                return (
                  <Flex gap={10} align="center">
                    {/* the gallery's own cover (dynamic) */}
                    <div className={`upload-thumb ${css.rowThumb}`} style={pic ? { backgroundImage: `url(${pic.src})` } : undefined}>
                      {!pic && <PictureOutlined aria-hidden="true" />}
                    </div>
                    <div className={css.rowText}>
                      <Typography.Paragraph ellipsis={{ rows: 2 }} className={css.rowTitle}>
                        <Link href={manageGalleryUrl(g._id)}>{g.title}</Link>
                      </Typography.Paragraph>
                      <span className={css.rowSub}>
                        {g.isScheduled ? 'Publishes' : 'Published'} {fullDate(g.publishAt)}
                      </span>
                    </div>
                  </Flex>
                );
              },
            },
            {
              key: 'status',
              title: 'Status',
              width: 120,
              render: (_, g) => (
                <Space size={4} wrap>
                  <StatusTags gallery={g} compact />
                  <HiddenTag item={g} compact />
                </Space>
              ),
            },
            { key: 'access', title: 'Access', width: 160, render: (_, g) => <AccessBadge gallery={g} /> },
            { key: 'totalPhoto', title: 'Photos', dataIndex: 'totalPhoto', align: 'right', width: 80 },
            { key: 'totalSale', title: 'Sales', dataIndex: 'totalSale', align: 'right', width: 80, responsive: ['xxl'], render: (v?: number) => v ?? 0 },
            { key: 'publishAt', title: 'Publish time', dataIndex: 'publishAt', width: 180, responsive: ['xxl'], sorter: true, sortOrder: t.sortOrder('publishAt'), render: (v: string) => fullDate(v) },
            {
              key: 'actions',
              width: 132,
              title: <span className="sr-only">Actions</span>,
              fixed: 'right',
              render: (_, g) => (
                <Space size={0}>
                  <Tooltip title="Manage photos">
                    <Link href={manageGalleryUrl(g._id)}>
                      <Button type="text" icon={<PictureOutlined aria-hidden="true" />} aria-label="Manage" />
                    </Link>
                  </Tooltip>
                  <Tooltip title="Edit">
                    <Button
                      type="text"
                      icon={<EditOutlined aria-hidden="true" />}
                      aria-label="Edit"
                      onClick={() => {
                        setEditing(g);
                        setFormOpen(true);
                      }}
                    />
                  </Tooltip>
                  <Tooltip title="Delete">
                    <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label="Delete" onClick={() => remove(g)} />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <LazyGalleryForm
        open={formOpen}
        gallery={editing}
        onClose={() => setFormOpen(false)}
        onSaved={(g) => {
          setFormOpen(false);
          void mutate();
          if (!editing) router.push(manageGalleryUrl(g._id));
        }}
      />
    </>
  );
}
