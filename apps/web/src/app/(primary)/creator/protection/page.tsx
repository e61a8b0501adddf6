import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import WatermarkSettings from '@/features/protection/WatermarkSettings';
import LeakTracer from '@/features/protection/LeakTracer';
import css from '@/features/protection/protection.module.css';

export const metadata: Metadata = { title: 'Content protection' };

/** /creator/protection: watermark settings and the leak tracer on the creator's own content. */
export default async function CreatorProtectionPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <div className={`container page ${css.narrow}`}>
      <h1 className="page-title">Content protection</h1>
      <p className="page-lead">Watermarks on your paid pictures, and the tracer that tells you which fan shared a leaked copy.</p>
      <WatermarkSettings />
      <LeakTracer admin={false} />
    </div>
  );
}
