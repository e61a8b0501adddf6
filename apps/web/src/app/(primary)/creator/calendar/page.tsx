import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CreatorCalendar from '@/features/calendar/CreatorCalendar';

export const metadata: Metadata = { title: 'Calendar' };

/** /creator/calendar: the creator's scheduled items and planned streams, week or month, drag to reschedule (issue 31 §3). */
export default async function CalendarPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <CreatorCalendar />;
}
