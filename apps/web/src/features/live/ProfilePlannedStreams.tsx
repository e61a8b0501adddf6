'use client';
/**
 * A creator's upcoming planned streams on their profile — "Live on <date>" (GET /streaming/planned;
 * issue 31 §3, modules/streaming README "Planned streams"). Nothing when none are planned.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import css from './live.module.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export default function ProfilePlannedStreams({ performerId }: { performerId: string }) {
  const { data } = useRoute(routes.plannedStreams.upcoming, { query: { performerId } });
  if (!data?.length) return null;
  return (
    <ul className={css.planned} aria-label="Planned streams">
      {data.map((p) => (
        <li key={p._id} className={css.plannedItem}>
          <CalendarOutlined aria-hidden />
          <span>
            <strong>Live on {when(p.startsAt)}</strong> — {p.title}
            {p.type === 'group' ? ' (ticketed)' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
