'use client';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import css from './admin-reads.module.css';

/**
 * Previous / next over a paged audited read ("Page 2 of 5"): each page is read when it is shown,
 * so there is no jumping ahead to load. Lighter than antd's Pagination (which brings its page-size
 * Select with it). Renders nothing for a single page.
 */
export default function Pager({ page, pageSize, total, onChange, label }: { page: number; pageSize: number; total: number; onChange: (page: number) => void; label: string }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className={css.pager} aria-label={label}>
      <Button icon={<LeftOutlined aria-hidden />} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <span className="muted" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next <RightOutlined aria-hidden />
      </Button>
    </nav>
  );
}
