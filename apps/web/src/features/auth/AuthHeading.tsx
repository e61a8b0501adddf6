'use client';
import type { ReactNode } from 'react';

export default function AuthHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header>
      <h1>{title}</h1>
      {lead && <p className="lead">{lead}</p>}
    </header>
  );
}
