import { Tag, Tooltip } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';

/**
 * 'Hidden by the operator' on an item its owner (or an admin) sees while nobody else can: the API
 * sends `hidden: true` and the operator's `hiddenReason` only to them. Renders nothing otherwise.
 */
export default function HiddenTag({ item }: { item: { hidden?: boolean; hiddenReason?: string | null } }) {
  if (!item.hidden) return null;
  const tag = (
    <Tag color="error" icon={<EyeInvisibleOutlined aria-hidden />}>
      Hidden by the operator
    </Tag>
  );
  return item.hiddenReason ? <Tooltip title={`Reason: ${item.hiddenReason}`}>{tag}</Tooltip> : tag;
}
