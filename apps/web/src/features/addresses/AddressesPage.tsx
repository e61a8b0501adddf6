'use client';
import { useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import { App, Button, Card, Flex, Skeleton, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
// Types only: the page itself stays free of zod (the form chunk brings the schema).
import type { Address } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useLatch } from '@/lib/use-latch';
import { useCountryOptions } from '@/components/form/useCountries';
import { EmptyState, ErrorState } from '@/components/states';
import width from '@/components/layouts/page-width.module.css';
import { toInput, type AddressDialogState } from './address-input';
import css from './addresses.module.css';

const AddressFormModal = dynamic(() => import('./AddressFormModal'), { ssr: false });

/** The most a user can keep (ADDRESSES_MAX of the shared contract): one page holds them all. */
const PAGE = { query: { limit: 20, offset: 0 } };

function AddressCard({ address, countryName, busy, onEdit, onDelete, onMakeDefault }: { address: Address; countryName: string; busy: boolean; onEdit: () => void; onDelete: () => void; onMakeDefault: () => void }) {
  const place = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <li className={css.card} aria-label={address.name}>
      <div className={css.top}>
        <span className={css.label}>{address.name}</span>
        {address.isDefault && (
          <Tag color="purple" variant="filled" className={css.tag}>
            Default
          </Tag>
        )}
      </div>
      <div className={css.lines}>
        <span className={css.recipient}>{address.recipientName}</span>
        <span>{address.streetAddress}</span>
        <span>{place}</span>
        <span>{countryName}</span>
        {address.phone && <span>{address.phone}</span>}
        {address.description && <span className={css.notes}>{address.description}</span>}
      </div>
      <div className={css.actions}>
        <Button size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${address.name}`}>
          Edit
        </Button>
        {!address.isDefault && (
          <Button size="small" icon={<StarOutlined />} loading={busy} onClick={onMakeDefault} aria-label={`Make default ${address.name}`}>
            Make default
          </Button>
        )}
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete} aria-label={`Delete ${address.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /user/addresses: the fan's delivery addresses (GET /addresses/search), add/edit in a dialog, delete, make default. */
export default function AddressesPage() {
  const { message, modal } = App.useApp();
  const { data, error, isLoading, mutate } = useRoute(routes.addresses.search, PAGE);
  const countries = useCountryOptions();
  const countryNames = useMemo(() => new Map(countries.options.map((c) => [c.value, c.label])), [countries.options]);
  const [dialog, setDialog] = useState<AddressDialogState | null>(null);
  const dialogMounted = useLatch(Boolean(dialog));
  const [busy, setBusy] = useState<string | null>(null);
  const list = data?.data ?? [];

  const remove = (a: Address) =>
    modal.confirm({
      title: 'Delete this address?',
      content: `“${a.name}” will be removed from your addresses. Orders already sent keep their copy.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: async () => {
        try {
          await call(routes.addresses.remove, { params: { id: a._id } });
          message.success('Address deleted');
          await mutate();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  const makeDefault = async (a: Address) => {
    setBusy(a._id);
    try {
      await call(routes.addresses.update, { params: { id: a._id }, body: { ...toInput(a), isDefault: true } });
      message.success('Address saved');
      await mutate();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={`container page ${width.w760}`}>
      <Flex justify="space-between" align="center" gap={12} wrap className={css.head}>
        <h1 className={`page-title ${css.pageTitle}`}>Addresses</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ address: null })}>
          Add address
        </Button>
      </Flex>
      <p className="page-lead">Where your orders are delivered. The default address is picked first at checkout.</p>
      <Card>
        {isLoading && !data ? (
          <div aria-busy="true" aria-label="Loading addresses">
            <Skeleton active title paragraph={{ rows: 3 }} className={css.skeleton} />
            <Skeleton active title paragraph={{ rows: 3 }} className={css.skeleton} />
          </div>
        ) : error && !data ? (
          <ErrorState title="Your addresses didn't load" message={errorText(error)} onRetry={() => void mutate()} />
        ) : list.length === 0 ? (
          <EmptyState
            title="No addresses yet"
            description="Add the address your orders should go to."
            action={
              <Button icon={<PlusOutlined />} onClick={() => setDialog({ address: null })}>
                Add address
              </Button>
            }
          />
        ) : (
          <ul className={css.list} aria-label="Addresses list">
            {list.map((a) => (
              <AddressCard
                key={a._id}
                address={a}
                countryName={countryNames.get(a.country) ?? a.country}
                busy={busy === a._id}
                onEdit={() => setDialog({ address: a })}
                onDelete={() => remove(a)}
                onMakeDefault={() => void makeDefault(a)}
              />
            ))}
          </ul>
        )}
      </Card>
      {dialogMounted && (
        <AddressFormModal
          dialog={dialog}
          first={Boolean(data) && list.length === 0}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
