'use client';
/**
 * "People in this content" for the editors: `CoPerformersField` loaded on demand (its pickers are
 * antd Selects, which the post composer and the live studio do not otherwise load).
 */
import dynamic from 'next/dynamic';
import { Skeleton } from 'antd';
import css from './coperformers.module.css';

const LazyCoPerformersField = dynamic(() => import('./CoPerformersField'), {
  ssr: false,
  loading: () => (
    <div className={css.field} aria-busy="true" aria-label="Loading people in this content">
      <Skeleton active title={false} paragraph={{ rows: 2 }} />
    </div>
  ),
});
export default LazyCoPerformersField;
