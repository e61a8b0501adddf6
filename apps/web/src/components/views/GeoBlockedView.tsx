'use client';
import { GlobalOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/store';
import StatusView from './StatusView';

export default function GeoBlockedView({ country }: { country: string | null }) {
  const siteName = useAppSelector((s) => s.ui.siteName);
  return (
    <StatusView icon={<GlobalOutlined />} title="Not available in your region">
      <p>
        Sorry — {siteName} is not available in your country{country ? ` (${country})` : ''}. Access from your location has been restricted by the
        site operator.
      </p>
    </StatusView>
  );
}
