'use client';
import type { ReactNode } from 'react';
import { Card } from 'antd';

export default function SectionCard({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Card id={id} style={{ marginBottom: 24 }} styles={{ body: { padding: 28 } }}>
      <h2 style={{ margin: 0, fontSize: 18, fontWeight: 650 }}>{title}</h2>
      {description && <p className="muted" style={{ margin: '4px 0 20px' }}>{description}</p>}
      {!description && <div style={{ height: 16 }} />}
      {children}
    </Card>
  );
}
