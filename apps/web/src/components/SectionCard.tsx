'use client';
import type { ReactNode } from 'react';
import { Card } from 'antd';
import css from './ui.module.css';

export default function SectionCard({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Card id={id} className={css.section} styles={{ body: { padding: 28 } }}>
      <h2 className={css.sectionTitle}>{title}</h2>
      {description && <p className={`muted ${css.sectionLead}`}>{description}</p>}
      {!description && <div className={css.sectionGap} />}
      {children}
    </Card>
  );
}
