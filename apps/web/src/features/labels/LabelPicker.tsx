'use client';
import Link from 'next/link';
import { Form, Select } from 'antd';
import { ITEM_LABELS_MAX } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import type { ItemLabelsState } from './useItemLabels';
import css from './labels.module.css';

/**
 * The labels of an item in its editor (post, video, gallery): a multiple choice among the creator's
 * own labels (GET /performer/labels), saved with the item by `useItemLabels`. Labels are made on
 * /creator/labels.
 */
export default function LabelPicker({ state, id }: { state: ItemLabelsState; id: string }) {
  const mine = useRoute(routes.labels.mine, {}, { revalidateOnFocus: false });
  const options = (mine.data ?? []).map((l) => ({ value: l._id, label: l.name }));
  const none = mine.data && mine.data.length === 0;
  return (
    <Form.Item
      label="Labels"
      htmlFor={id}
      className={css.picker}
      extra={
        none ? (
          <>
            No labels yet. <Link href="/creator/labels">Create labels</Link> to group your posts, videos and galleries on your profile.
          </>
        ) : (
          <>
            Shown as filters on your profile. <Link href="/creator/labels">Manage labels</Link>
          </>
        )
      }
    >
      <Select
        id={id}
        mode="multiple"
        aria-label="Labels"
        placeholder={none ? 'No labels yet' : 'Choose labels'}
        loading={mine.isLoading || state.isLoading}
        disabled={none}
        options={options}
        value={state.ids}
        maxCount={ITEM_LABELS_MAX}
        onChange={(v: string[]) => state.setIds(v)}
        optionFilterProp="label"
        allowClear
      />
    </Form.Item>
  );
}
