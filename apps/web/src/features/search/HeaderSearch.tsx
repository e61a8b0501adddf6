'use client';
import { useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';

/**
 * The header search box: goes to /search?q=… It follows the query of the /search page it is on
 * (set while rendering when that query changes — not in an effect after mount, which wiped what a
 * visitor had typed meanwhile), and submits what the box holds at that moment.
 */
export default function HeaderSearch({ onDone, className }: { onDone?: () => void; className?: string }) {
  const router = useRouter();
  const t = useTranslations('search');
  const pathname = usePathname();
  const params = useSearchParams();
  const current = pathname === '/search' ? params.get('q') || '' : '';
  const [q, setQ] = useState(current);
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setQ(current);
  }
  return (
    <form
      role="search"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        const v = String(new FormData(e.currentTarget).get('q') ?? q).trim();
        router.push(v ? `/search?q=${encodeURIComponent(v)}` : '/search');
        onDone?.();
      }}
    >
      <Input
        type="search"
        name="q"
        aria-label={t('search')}
        placeholder={t('placeholder')}
        prefix={<SearchOutlined aria-hidden="true" />}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        allowClear
        className="header-search"
        maxLength={100}
      />
    </form>
  );
}
