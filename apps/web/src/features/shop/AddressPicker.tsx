'use client';
import { useEffect, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Button, Radio, Skeleton, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Address } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useLatch } from '@/lib/use-latch';
import { ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import { useCountryOptions } from '@/components/form/useCountries';
import css from './checkout.module.css';

/** The addresses area's add/edit dialog (POST /addresses/create), fetched when first opened. */
const AddressFormModal = dynamic(() => import('@/features/addresses/AddressFormModal'), { ssr: false });

/** Every address of the fan (at most 20: one page), the default first. */
const ALL = { query: { limit: 20, offset: 0 } };
/** The dialog's state for a new address (one object: the dialog resets its form when it changes). */
const NEW_ADDRESS = { address: null };

/** "Jane Doe · 1 Main St · Springfield, IL 62701 · United States" (`countryName`: the reference name of the code). */
export function addressLines(a: Pick<Address, 'recipientName' | 'streetAddress' | 'city' | 'state' | 'zipCode' | 'country'>, countryName?: string): string {
  const place = [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.recipientName, a.streetAddress, place, countryName || a.country].filter(Boolean).join(' · ');
}

/**
 * "Delivery address": the fan's addresses as a radio group (the default preselected when nothing
 * is chosen yet) and "Add address", which opens the addresses dialog and picks the new address.
 * Used by the checkout and by an order's "Change address".
 */
export default function AddressPicker({ value, onChange, preselect = true }: { value: string | null; onChange: (id: string) => void; preselect?: boolean }) {
  const { data, error, isLoading, mutate } = useRoute(routes.addresses.search, ALL);
  const t = useTranslations('shop');
  const specText = useSpecText();
  const list = useMemo(() => data?.data ?? [], [data]);
  const [adding, setAdding] = useState(false);
  const dialogMounted = useLatch(adding);
  const before = useRef<Set<string> | null>(null);
  const countries = useCountryOptions();
  const countryNames = useMemo(() => new Map(countries.options.map((c) => [c.value, c.label])), [countries.options]);

  // The default address (else the first) is chosen until the fan picks one.
  useEffect(() => {
    if (!preselect || value || list.length === 0) return;
    onChange((list.find((a) => a.isDefault) ?? list[0]!)._id);
  }, [preselect, value, list, onChange]);
  // A chosen address that was deleted elsewhere: choose again.
  useEffect(() => {
    if (preselect && value && data && !list.some((a) => a._id === value) && before.current === null) {
      const next = list.find((a) => a.isDefault) ?? list[0];
      if (next) onChange(next._id);
    }
  }, [preselect, value, data, list, onChange]);

  const saved = async () => {
    setAdding(false);
    const fresh = await mutate();
    const known = before.current ?? new Set<string>();
    before.current = null;
    const added = fresh?.data.find((a) => !known.has(a._id));
    if (added) onChange(added._id);
  };

  const addButton = (
    <Button
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => {
        before.current = new Set(list.map((a) => a._id));
        setAdding(true);
      }}
    >
      {t('addAddress')}
    </Button>
  );

  return (
    <div className={css.picker}>
      {isLoading && !data ? (
        <div aria-busy="true" aria-label={t('loadingAddresses')}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : error && !data ? (
        <ErrorState title={t('addressesLoadFailed')} message={specText(errorText(error))} onRetry={() => void mutate()} />
      ) : list.length === 0 ? (
        <p className="muted">{t('noAddress')}</p>
      ) : (
        <Radio.Group aria-label={t('deliveryAddress')} value={value} onChange={(e) => onChange(e.target.value as string)} className={css.addressList}>
          {list.map((a) => (
            <Radio key={a._id} value={a._id} className={`${css.address}${value === a._id ? ` ${css.addressOn}` : ''}`}>
              <span className={css.addressName}>
                {a.name}
                {a.isDefault && (
                  <Tag color="purple" variant="filled" className={css.defaultTag}>
                    {t('default')}
                  </Tag>
                )}
              </span>
              <span className={css.addressLines}>{addressLines(a, countryNames.get(a.country))}</span>
            </Radio>
          ))}
        </Radio.Group>
      )}
      <div className={css.pickerActions}>
        {addButton}
        {list.length > 0 && <Link href="/user/addresses">{t('manageAddresses')}</Link>}
      </div>
      {dialogMounted && <AddressFormModal dialog={adding ? NEW_ADDRESS : null} first={Boolean(data) && list.length === 0} onClose={() => setAdding(false)} onSaved={() => void saved()} />}
    </div>
  );
}
