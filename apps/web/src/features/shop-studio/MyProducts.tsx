'use client';
/**
 * /creator/products: the creator's own products (GET /performer/performer-assets/products/search,
 * every status) as a table — page, sort and the filters (q, status, type) in the URL — with View
 * (the shop page), Edit and Delete (DELETE …/products/{id}; a product that has sold is kept → the
 * API's 409 message is shown).
 */
import Link from 'next/link';
import { App, Button, Card, Flex, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ShoppingOutlined } from '@ant-design/icons';
import { ASSET_STATUSES, PRODUCT_SORTS, PRODUCT_TYPES, type Product } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes } from '@/lib/swr';
import { count, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import { Money } from '@/components/money/money-ui';
import { ProductStatusTag, TYPE_LABEL } from './tags';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './product-form';
import css from './shop-studio.module.css';
import HiddenTag from '@/components/HiddenTag';

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

export const productUrl = (id: string) => `/product/${id}`;

export default function MyProducts() {
  const { message, modal } = App.useApp();
  const table = useRouteTable(routes.products.searchOwn, {
    sortBy: 'createdAt',
    // Only values the API knows leave the URL: a stale or hand-typed one would make the list a 400.
    query: (q, tq) => ({ ...q, sortBy: oneOf(PRODUCT_SORTS, tq.sortBy) ?? 'createdAt', status: oneOf(ASSET_STATUSES, tq.filters.status), type: oneOf(PRODUCT_TYPES, tq.filters.type) }),
  });
  const { t, mutate } = table;
  const filtered = Boolean(t.query.filters.q || t.query.filters.status || t.query.filters.type);

  const remove = (p: Product) =>
    modal.confirm({
      title: `Delete “${p.name}”?`,
      content: 'It leaves your shop with its images and files. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.products.remove, { params: { id: p._id } });
          message.success('Product deleted');
          await mutate();
          void revalidateRoutes(routes.products.viewOwn, routes.products.search);
        } catch (e) {
          // 409: it has sold — the API says why and what to do instead (set it inactive).
          modal.error({ title: "This product can't be deleted", content: errorText(e) });
        }
      },
    });

  const newButton = (
    <Link href="/creator/products/new">
      <Button type="primary" icon={<PlusOutlined />}>
        New product
      </Button>
    </Link>
  );

  return (
    <div className="container page">
      <Flex justify="space-between" align="flex-start" gap={12} wrap className={css.pageHead}>
        <div>
          <h1 className="page-title">My products</h1>
          <p className="page-lead">Physical goods you ship and digital files fans download.</p>
        </div>
        <Space wrap>
          <Link href="/creator/orders">
            <Button icon={<ShoppingOutlined />}>Orders</Button>
          </Link>
          {newButton}
        </Space>
      </Flex>
      <Card classNames={{ body: css.tableBody }}>
        <FilterBar label="Filter products">
          <Input.Search
            aria-label="Filter my products"
            placeholder="Search name or description"
            allowClear
            defaultValue={t.query.filters.q}
            onSearch={(q) => t.set({ q: q.trim() || null })}
            className={css.search}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            allowClear
            value={oneOf(ASSET_STATUSES, t.query.filters.status)}
            onChange={(v) => t.set({ status: v ?? null })}
            className={css.filter}
            options={STATUS_OPTIONS}
          />
          <Select
            aria-label="Type"
            placeholder="Any type"
            allowClear
            value={oneOf(PRODUCT_TYPES, t.query.filters.type)}
            onChange={(v) => t.set({ type: v ?? null })}
            className={css.filter}
            options={TYPE_OPTIONS}
          />
        </FilterBar>
        <QueryTable<Product>
          table={table}
          errorTitle="Your products didn't load"
          totalLabel={(n) => plural(n, 'product')}
          empty={
            filtered ? (
              <EmptyState title="No products match" description="Try other filters." />
            ) : (
              <EmptyState title="No products yet" description="Sell merch, prints or digital downloads to your fans." action={newButton} />
            )
          }
          cardsLabel="My products list"
          scroll={{ x: 760 }}
          columns={[
            {
              key: 'name',
              title: 'Product',
              sorter: true,
              sortOrder: t.sortOrder('name'),
              render: (_, p) => (
                <Flex gap={10} align="center">
                  {/* the product's own picture (dynamic) */}
                  <div className={`upload-thumb ${css.thumb}`} style={p.image ? { backgroundImage: `url(${p.image})` } : undefined} role="img" aria-label={p.image ? `Image of ${p.name}` : 'No image'}>
                    {!p.image && <ShoppingOutlined />}
                  </div>
                  <Typography.Text strong ellipsis={{ tooltip: p.name }} className={css.name}>
                    {p.name}
                  </Typography.Text>
                </Flex>
              ),
            },
            { key: 'type', title: 'Type', width: 90, render: (_, p) => TYPE_LABEL[p.type] },
            { key: 'status', title: 'Status', width: 96, render: (_, p) => (
                <Space size={4} wrap>
                  <ProductStatusTag status={p.status} />
                  <HiddenTag item={p} compact />
                </Space>
              ) },
            { key: 'price', title: 'Price', width: 96, align: 'right', sorter: true, sortOrder: t.sortOrder('price'), render: (_, p) => <Money value={p.price} /> },
            {
              key: 'stock',
              title: 'Stock',
              width: 84,
              align: 'right',
              render: (_, p) => (p.type !== 'physical' ? <span className="muted" aria-label="Not applicable">—</span> : p.stock === 0 ? <span className={css.soldOut}>Sold out</span> : count(p.stock)),
            },
            { key: 'totalSold', title: 'Sold', width: 70, align: 'right', dataIndex: 'totalSold' },
            {
              key: 'actions',
              width: 124,
              title: <span className="sr-only">Actions</span>,
              fixed: 'right',
              render: (_, p) => (
                <Space size={0}>
                  <Link href={productUrl(p._id)}>
                    <Button type="text" icon={<EyeOutlined />} aria-label="View" title="View in the shop" />
                  </Link>
                  <Link href={`/creator/products/${p._id}/edit`}>
                    <Button type="text" icon={<EditOutlined />} aria-label="Edit" title="Edit" />
                  </Link>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label="Delete" title="Delete" onClick={() => remove(p)} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
