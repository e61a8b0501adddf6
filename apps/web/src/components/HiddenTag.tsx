import { Tag, Tooltip } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { SCREENING_BLOCKED_MESSAGE } from '@stagepass/shared/hidden-reasons';

/**
 * 'Hidden by the operator' on an item its owner (or an admin) sees while nobody else can: the API
 * sends `hidden: true` and the operator's `hiddenReason` only to them. Renders nothing otherwise.
 * `compact` (narrow table columns) shows "Hidden" and keeps the rest for screen readers and the tooltip.
 */
export default function HiddenTag({ item, compact = false }: { item: { hidden?: boolean; hiddenReason?: string | null }; compact?: boolean }) {
  if (!item.hidden) return null;
  // Upload screening stopped it (the owner is told that much, never the match).
  if (item.hiddenReason === SCREENING_BLOCKED_MESSAGE) {
    return (
      <Tag color="error" icon={<EyeInvisibleOutlined aria-hidden />}>
        {compact ? 'Blocked by screening' : SCREENING_BLOCKED_MESSAGE}
      </Tag>
    );
  }
  const tag = (
    <Tag color="error" icon={<EyeInvisibleOutlined aria-hidden />}>
      {compact ? (
        <>
          Hidden<span className="sr-only"> by the operator</span>
        </>
      ) : (
        'Hidden by the operator'
      )}
    </Tag>
  );
  const tip = [compact ? 'Hidden by the operator' : null, item.hiddenReason ? `Reason: ${item.hiddenReason}` : null].filter(Boolean).join('. ');
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}
