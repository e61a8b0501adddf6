import { Spin } from 'antd';

/** What an e-mailed link's page shows while its one-time token is being checked. */
export function LinkPending({ text }: { text: string }) {
  return (
    <div style={{ textAlign: 'center', padding: '48px 0' }} role="status">
      <Spin size="large" />
      <p className="muted" style={{ marginTop: 16 }}>
        {text}
      </p>
    </div>
  );
}
