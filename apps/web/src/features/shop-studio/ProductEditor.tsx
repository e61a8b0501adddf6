'use client';
/** /creator/products/new and /creator/products/[id]/edit (GET /performer/performer-assets/products/{id}/view, then the form). */
import Link from 'next/link';
import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import width from '@/components/layouts/page-width.module.css';
import ProductForm from './ProductForm';
import css from './shop-studio.module.css';

export default function ProductEditor({ id }: { id?: string }) {
  const { data, error, isLoading, mutate } = useRoute(routes.products.viewOwn, id ? { params: { id } } : null, { revalidateOnFocus: false });
  return (
    <div className={`container page ${width.w860}`}>
      <Link href="/creator/products" className={css.back}>
        <Button type="text" icon={<ArrowLeftOutlined />}>
          My products
        </Button>
      </Link>
      <h1 className="page-title">{id ? 'Edit product' : 'New product'}</h1>
      <p className="page-lead">{id ? 'Change the details, images, price or stock.' : 'A physical item you ship, or a digital file fans download after buying.'}</p>
      {!id ? (
        <ProductForm />
      ) : isLoading ? (
        <Card aria-busy="true" aria-label="Loading the product">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : error ? (
        <Card>
          {(error as { statusCode?: number }).statusCode === 404 ? (
            <EmptyState title="This product isn't here" description="It may have been deleted." action={<Link href="/creator/products"><Button>My products</Button></Link>} />
          ) : (
            <ErrorState title="This product didn't load" message={errorText(error)} onRetry={() => void mutate()} />
          )}
        </Card>
      ) : data ? (
        <ProductForm key={data._id} product={data} />
      ) : null}
    </div>
  );
}
