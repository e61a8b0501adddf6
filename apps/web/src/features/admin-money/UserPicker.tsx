'use client';
/**
 * A user filter of the money screens: a searchable select over GET /users/search (operators; `q` on
 * the username, e-mail or name, `role` fans or creators), its value the user's id (kept in the URL
 * by the caller). A value from the URL is named with GET /users/view/{id}.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import css from './admin-money.module.css';

interface Option {
  value: string;
  label: string;
}
const labelOf = (u: { _id: string; name?: string | null; username?: string | null }) => (u.username ? `${u.name || u.username} (@${u.username})` : u.name || u._id);

export default function UserPicker({ id, label, role, value, onChange }: { id: string; label: string; role?: 'user' | 'performer'; value: string | undefined; onChange: (id: string | null) => void }) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = useRoute(routes.users.view, value ? { params: { id: value } } : null, { revalidateOnFocus: false });

  const search = (q: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const page = await call(routes.users.search, { query: { q: q.trim() || undefined, role, limit: 10, sortBy: 'username', sort: 'asc' } });
        if (mine === seq.current) setOptions(page.data.map((u) => ({ value: u._id, label: labelOf(u) })));
      } catch {
        if (mine === seq.current) setOptions([]);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 250);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const shown = useMemo(() => {
    if (!value || options.some((o) => o.value === value)) return options;
    return [{ value, label: current.data ? labelOf(current.data) : current.error ? 'Unknown user' : '…' }, ...options];
  }, [options, value, current.data, current.error]);

  return (
    <div className={css.filter}>
      <label htmlFor={id}>{label}</label>
      <Select<string>
        id={id}
        aria-label={label}
        showSearch={{ filterOption: false, onSearch: search }}
        allowClear
        placeholder="Anyone"
        value={value}
        options={shown}
        loading={loading}
        notFoundContent={loading ? 'Searching…' : 'Type a name or username'}
        onOpenChange={(open) => {
          if (open && !options.length) search('');
        }}
        onChange={(v) => onChange(v ?? null)}
        className={css.userSelect}
      />
    </div>
  );
}
