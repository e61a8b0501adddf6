'use client';
import type { ReactNode } from 'react';
import css from './list.module.css';

/**
 * The filter row above a list: filters side by side on wide screens, stacked at full width with
 * their labels above on narrow ones. `label` names the search landmark (e.g. `Filter earnings`).
 */
export default function FilterBar({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className ? `${css.filterBar} ${className}` : css.filterBar} role="search" aria-label={label}>
      {children}
    </div>
  );
}
