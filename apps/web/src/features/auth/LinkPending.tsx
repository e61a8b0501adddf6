import { Spin } from 'antd';
import css from './auth.module.css';

/** What an e-mailed link's page shows while its one-time token is being checked. */
export function LinkPending({ text }: { text: string }) {
  return (
    <div className={css.pending} role="status">
      <Spin size="large" />
      <p className={`muted ${css.pendingText}`}>
        {text}
      </p>
    </div>
  );
}
