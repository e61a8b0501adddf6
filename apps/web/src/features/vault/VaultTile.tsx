'use client';
import type { ReactNode } from 'react';
import { AudioOutlined, CheckOutlined, ExclamationCircleFilled, LoadingOutlined, PictureOutlined, PlayCircleFilled, VideoCameraOutlined } from '@ant-design/icons';
import type { VaultItem } from '@stagepass/shared';
import { MEDIA_TYPE_LABEL, duration, vaultItemName } from './vault-format';
import css from './vault.module.css';

export { MEDIA_TYPE_LABEL, MEDIA_TYPE_OPTIONS, duration, vaultItemName } from './vault-format';

/** The picture of a vault file: a photo's small rendition, a video's poster, an icon for audio or before processing. */
export function VaultThumb({ item }: { item: VaultItem }) {
  const f = item.file;
  const pic = f.type === 'audio' ? undefined : f.thumbnails[0] || (f.type === 'image' ? f.url : undefined);
  const Icon = f.type === 'audio' ? AudioOutlined : f.type === 'video' ? VideoCameraOutlined : PictureOutlined;
  return (
    <div className={css.thumb}>
      {pic ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed media URLs of the API, sized by CSS
        <img src={pic} alt="" loading="lazy" decoding="async" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {f.status === 'ready' && f.type !== 'image' && (
        <span className={css.badge}>
          {f.type === 'video' ? <PlayCircleFilled aria-hidden="true" /> : <AudioOutlined aria-hidden="true" />}
          {duration(f.duration) || MEDIA_TYPE_LABEL[f.type]}
        </span>
      )}
      {(f.status === 'uploaded' || f.status === 'processing') && (
        <span className={css.state} role="status">
          <span>
            <LoadingOutlined /> Processing…
          </span>
        </span>
      )}
      {f.status === 'failed' && (
        <span className={css.state} role="status" title={f.error}>
          <span>
            <ExclamationCircleFilled /> Processing failed
          </span>
        </span>
      )}
    </div>
  );
}

function Meta({ item }: { item: VaultItem }) {
  const used = item.usedIn.feeds + item.usedIn.messages;
  return (
    <div className={css.meta}>
      <span className={css.caption} title={item.caption || undefined}>
        {vaultItemName(item)}
      </span>
      <span className={css.sub}>{used ? `Used in ${[item.usedIn.feeds && `${item.usedIn.feeds} post${item.usedIn.feeds === 1 ? '' : 's'}`, item.usedIn.messages && `${item.usedIn.messages} message${item.usedIn.messages === 1 ? '' : 's'}`].filter(Boolean).join(', ')}` : 'Not used yet'}</span>
    </div>
  );
}

/** A vault file in the page's grid: picture, name, where it is used, and the page's actions. */
export function VaultTile({ item, actions }: { item: VaultItem; actions?: ReactNode }) {
  return (
    <li className={css.tile} aria-label={`${MEDIA_TYPE_LABEL[item.file.type]}: ${vaultItemName(item)}`}>
      <VaultThumb item={item} />
      <Meta item={item} />
      {actions && <div className={css.tileActions}>{actions}</div>}
    </li>
  );
}

/** A vault file in the picker: the whole tile toggles its selection. Files not ready cannot be picked. */
export function PickableVaultTile({ item, selected, onToggle }: { item: VaultItem; selected: boolean; onToggle: () => void }) {
  const ready = item.file.status === 'ready';
  return (
    <li>
      <button
        type="button"
        className={`${css.tile} ${css.pick} ${selected ? css.selected : ''}`}
        aria-pressed={selected}
        aria-label={`${MEDIA_TYPE_LABEL[item.file.type]}: ${vaultItemName(item)}`}
        disabled={!ready}
        onClick={onToggle}
      >
        <VaultThumb item={item} />
        {selected && (
          <span className={css.check} aria-hidden="true">
            <CheckOutlined />
          </span>
        )}
        <Meta item={item} />
      </button>
    </li>
  );
}

/** Grid placeholders while the first page loads. */
export function VaultGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={css.grid} aria-busy="true" aria-label="Loading the vault">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={css.skeletonTile} />
      ))}
    </ul>
  );
}
