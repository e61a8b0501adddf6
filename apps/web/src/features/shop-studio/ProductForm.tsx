'use client';
/**
 * Create or edit a product in ONE multipart request (POST /performer/performer-assets/products,
 * PUT …/products/{id}): the text fields, the new `image` files (after the kept ones, `imageIds`)
 * and, for a digital product, the `digitalFile`. One progress bar (`Upload progress`) follows the
 * request; the API's field errors (400 `details`) show under their fields, anything else in an alert.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Progress, Radio, Row, Select, Space } from 'antd';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PRODUCT_STOCK_MAX, updateProductSchema, type Product } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, fieldErrors, uploadTo } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { revalidateRoutes } from '@/lib/swr';
import MoneyInput from '@/components/form/MoneyInput';
import ProductImages from './ProductImages';
import DigitalFileField from './DigitalFileField';
import { STATUS_OPTIONS, TYPE_OPTIONS, acceptImages, formFieldOf, initialValues, productFields, type ImageItem, type ProductFormValues } from './product-form';
import css from './shop-studio.module.css';

const U = updateProductSchema.shape;
const HALF = { xs: 24, sm: 12 };
const THIRD = { xs: 24, sm: 8 };
const STATUS_HELP = {
  draft: 'Only you see a draft.',
  active: 'On sale in your shop.',
  inactive: 'Taken out of your shop; buyers keep their orders.',
} as const;

type FileErrors = { images?: string; digitalFile?: string };
let seq = 0;

export default function ProductForm({ product }: { product?: Product }) {
  const router = useRouter();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const editing = Boolean(product);
  const initial = useMemo(() => initialValues(product), [product]);
  const type = Form.useWatch('type', form) ?? initial.type;
  const status = Form.useWatch('status', form) ?? initial.status;
  const [images, setImages] = useState<ImageItem[]>(() => (product?.images ?? []).map((f) => ({ key: f._id, kind: 'kept' as const, file: f })));
  const [digital, setDigital] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  // The local previews are released when the form goes away.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(() => () => imagesRef.current.forEach((it) => it.kind === 'new' && URL.revokeObjectURL(it.url)), []);

  const addImages = (files: File[]) => {
    const { accepted, problems } = acceptImages(images.length, files);
    setImages((list) => [...list, ...accepted.map((file) => ({ key: `new-${++seq}`, kind: 'new' as const, file, url: URL.createObjectURL(file) }))]);
    setFileErrors((e) => ({ ...e, images: problems[0] }));
  };
  const removeImage = (key: string) => {
    setImages((list) => {
      const gone = list.find((it) => it.key === key);
      if (gone?.kind === 'new') URL.revokeObjectURL(gone.url);
      return list.filter((it) => it.key !== key);
    });
    setFileErrors((e) => ({ ...e, images: undefined }));
  };

  const showApiErrors = (e: unknown): boolean => {
    const entries = Object.entries(fieldErrors(e));
    if (!entries.length) return false;
    const files: FileErrors = {};
    const fields: Array<{ name: keyof ProductFormValues; errors: string[] }> = [];
    for (const [field, msg] of entries) {
      const name = formFieldOf(field);
      if (name === 'images' || name === 'digitalFile') files[name] ??= msg;
      else if (name in initial) fields.push({ name: name as keyof ProductFormValues, errors: [msg] });
      else files.images ??= msg;
    }
    setFileErrors(files);
    form.setFields(fields);
    return true;
  };

  const submit = async (v: ProductFormValues) => {
    setError(null);
    const values = { ...v, type: product?.type ?? v.type };
    if (values.type === 'digital' && values.status === 'active' && !digital && !product?.hasDigitalFile) {
      setFileErrors((e) => ({ ...e, digitalFile: 'Attach the file buyers will download, or save it as a draft' }));
      return;
    }
    setFileErrors({});
    setProgress(0);
    const fields = productFields(values, { editing, keptImageIds: images.flatMap((it) => (it.kind === 'kept' ? [it.file._id] : [])) });
    const files = { image: images.flatMap((it) => (it.kind === 'new' ? [it.file] : [])), digitalFile: values.type === 'digital' ? digital : null };
    try {
      if (product) await uploadTo(routes.products.update, { id: product._id }, files, { fields, onProgress: setProgress });
      else await uploadTo(routes.products.create, undefined, files, { fields, onProgress: setProgress });
      message.success(product ? 'Changes saved' : 'Product created');
      void revalidateRoutes(routes.products.searchOwn, routes.products.viewOwn, routes.products.search, routes.products.get);
      router.push('/creator/products');
    } catch (e) {
      if (!showApiErrors(e)) setError(errorText(e));
      setProgress(null);
    }
  };

  return (
    <Card>
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="product"
        initialValues={initial}
        disabled={busy}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<ProductFormValues>) => {
          if (changed.type === 'physical') setDigital(null);
        }}
      >
        <Form.Item name="name" label="Name" rules={zodRules(U.name, { required: true, requiredMessage: 'Name the product' })}>
          <Input maxLength={PRODUCT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={zodRules(U.description, { required: false })}>
          <Input.TextArea maxLength={PRODUCT_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 10 }} placeholder="What it is, sizes, what buyers get…" />
        </Form.Item>
        <Row gutter={16}>
          <Col {...HALF}>
            <Form.Item name="type" label="Type" extra={editing ? 'The type is fixed once the product is created.' : undefined} rules={[{ required: true, message: 'Choose physical or digital' }]}>
              <Radio.Group options={TYPE_OPTIONS} disabled={editing || busy} />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="status" label="Status" extra={STATUS_HELP[status]}>
              <Select aria-label="Status" options={STATUS_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col {...(type === 'physical' ? THIRD : HALF)}>
            <Form.Item name="price" label="Price" rules={zodRules(U.price, { required: true, requiredMessage: 'Enter a price' })}>
              <MoneyInput width="full" aria-label="Price" />
            </Form.Item>
          </Col>
          {type === 'physical' && (
            <>
              <Col {...THIRD}>
                <Form.Item name="stock" label="Stock" extra="Units you can ship" rules={zodRules(U.stock, { required: true, requiredMessage: 'Enter the stock' })}>
                  <InputNumber<number> aria-label="Stock" min={0} max={PRODUCT_STOCK_MAX} precision={0} step={1} inputMode="numeric" className={css.full} />
                </Form.Item>
              </Col>
              <Col {...THIRD}>
                <Form.Item name="shippingFee" label="Shipping fee" extra="Added once per order" rules={zodRules(U.shippingFee, { required: false })}>
                  <MoneyInput width="full" aria-label="Shipping fee" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Form.Item label="Images" validateStatus={fileErrors.images ? 'error' : undefined} help={fileErrors.images}>
          <ProductImages items={images} onAdd={addImages} onRemove={removeImage} disabled={busy} />
        </Form.Item>
        {type === 'digital' && (
          <Form.Item label="File to sell" validateStatus={fileErrors.digitalFile ? 'error' : undefined} help={fileErrors.digitalFile} extra="Any type, up to 1 GB. Only buyers can download it.">
            <DigitalFileField
              current={product?.digitalFile ?? null}
              picked={digital}
              onPick={(f) => {
                setDigital(f);
                setFileErrors((e) => ({ ...e, digitalFile: f.size > 1024 * 1024 * 1024 ? 'The file must be smaller than 1 GB' : undefined }));
              }}
              onClear={() => setDigital(null)}
              disabled={busy}
            />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon title={error} role="alert" className={css.alert} />}
        {progress !== null && (
          <div className={css.progress}>
            <Progress percent={progress} status="active" aria-label="Upload progress" />
            <span className="muted" role="status">
              {progress < 100 ? `Uploading ${progress}%` : 'Saving…'}
            </span>
          </div>
        )}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={busy || Boolean(digital && digital.size > 1024 * 1024 * 1024)}>
            {editing ? 'Save changes' : 'Create product'}
          </Button>
          <Link href="/creator/products">
            <Button disabled={busy}>Cancel</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
