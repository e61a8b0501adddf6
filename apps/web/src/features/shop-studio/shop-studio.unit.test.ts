import { describe, expect, it } from 'vitest';
import { PRODUCT_MAX_IMAGES, createProductSchema, updateProductSchema } from '@stagepass/shared';
import { acceptImages, fileSize, formFieldOf, initialValues, productFields, type ProductFormValues } from './product-form';
import { refundText, shortAddress } from './order-format';

const physical: ProductFormValues = { name: ' Tour shirt ', description: ' Black, cotton ', type: 'physical', status: 'active', price: 24.5, stock: 12, shippingFee: 4.95 };
const digital: ProductFormValues = { name: 'Stems', description: '', type: 'digital', status: 'draft', price: 9.99, stock: null, shippingFee: null };
const image = (name: string, type = 'image/png', size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('product form → multipart fields', () => {
  it('creates a physical product with its stock and shipping fee, as the API schema reads them', () => {
    const f = productFields(physical, { editing: false });
    expect(f).toEqual({ name: 'Tour shirt', description: 'Black, cotton', type: 'physical', status: 'active', price: '24.5', stock: '12', shippingFee: '4.95' });
    const parsed = createProductSchema.parse(f);
    expect(parsed).toMatchObject({ type: 'physical', price: 24.5, stock: 12, shippingFee: 4.95 });
  });

  it('creates a digital product without stock or shipping fee', () => {
    const f = productFields(digital, { editing: false });
    expect(f).not.toHaveProperty('stock');
    expect(f).not.toHaveProperty('shippingFee');
    expect(createProductSchema.parse(f)).toMatchObject({ type: 'digital', status: 'draft', price: 9.99 });
  });

  it('updates without the type (it cannot change) and with the kept images in order', () => {
    const f = productFields(physical, { editing: true, keptImageIds: ['0190a1b2-0000-7000-8000-000000000002', '0190a1b2-0000-7000-8000-000000000001'] });
    expect(f).not.toHaveProperty('type');
    expect(updateProductSchema.parse(f).imageIds).toEqual(['0190a1b2-0000-7000-8000-000000000002', '0190a1b2-0000-7000-8000-000000000001']);
    expect(updateProductSchema.parse(productFields(physical, { editing: true })).imageIds).toEqual([]);
  });

  it('leaves an empty price empty, so the API answers its own field error', () => {
    const r = createProductSchema.safeParse(productFields({ ...physical, price: null }, { editing: false }));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['price']);
  });

  it('starts a new product as a physical draft', () => {
    expect(initialValues()).toMatchObject({ type: 'physical', status: 'draft', shippingFee: 0 });
  });
});

describe('API field errors and files', () => {
  it('puts image errors under Images and the rest under their field', () => {
    expect(formFieldOf('image')).toBe('images');
    expect(formFieldOf('imageIds.3')).toBe('images');
    expect(formFieldOf('digitalFile')).toBe('digitalFile');
    expect(formFieldOf('price')).toBe('price');
  });

  it('takes pictures up to the limit and says why it refused the others', () => {
    const r = acceptImages(PRODUCT_MAX_IMAGES - 1, [image('a.png'), image('b.pdf', 'application/pdf'), image('c.jpg', 'image/jpeg'), image('d.png')]);
    expect(r.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(r.problems[0]).toMatch(/b\.pdf is not/);
    expect(r.problems[1]).toBe(`A product has at most ${PRODUCT_MAX_IMAGES} images`);
    expect(acceptImages(0, [image('big.png', 'image/png', 16 * 1024 * 1024)]).problems[0]).toMatch(/larger than 15 MB/);
  });

  it('words file sizes', () => {
    expect(fileSize(12)).toBe('12 B');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('order wording', () => {
  const address = { name: 'Home', recipientName: 'Jane Doe', phone: null, country: 'US', state: 'TX', city: 'Austin', streetAddress: '1 Main St', zipCode: '73301', description: '' };
  it('shortens the delivery address', () => {
    expect(shortAddress({ productType: 'physical', deliveryAddress: address })).toBe('Jane Doe · Austin, TX, US');
    expect(shortAddress({ productType: 'digital', deliveryAddress: null })).toBe('Digital download');
  });
  it('says what a refund gives back', () => {
    expect(refundText({ total: 54, productType: 'physical', quantity: 2 })).toBe('The buyer gets $54.00 back in their wallet, and the 2 items go back into your stock.');
    expect(refundText({ total: 9.99, productType: 'physical', quantity: 1 })).toContain('the item goes back into your stock');
  });
});
