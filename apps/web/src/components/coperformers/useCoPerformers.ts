'use client';
/**
 * The state of "People in this content" (issue 28 §2) for one editor: the people the item names —
 * verified creators (tags) and the creator's own releases — with each one's status.
 * - An existing item's list is read once (GET /releases/items/{kind}/{id}); until the creator
 *   changes it, `input()` is `undefined` and the save leaves the list as it is (the contract:
 *   `coPerformers` absent = unchanged).
 * - A change makes `input()` the whole list, sent with the item's own save (`coPerformers`), so a
 *   refused publish (422) saves nothing and the editor keeps what was typed.
 * - A release's status is read from the creator's releases (GET /releases, read again on focus:
 *   an approval made meanwhile shows without a reload); a creator just added is "Not asked yet"
 *   until the item is saved (the API then sends the tag request).
 * Types only from the contracts (no zod here: the live studio's first load carries none).
 */
import { useCallback, useMemo, useState } from 'react';
import type { CoPerformerKind, CoPerformerList, CoPerformersInput, Release, ReleaseStatus, TagStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';

/** `new`: a creator added here and not saved yet (no tag request sent). */
export type PersonStatus = TagStatus | ReleaseStatus | 'new';

export interface Person {
  kind: 'creator' | 'release';
  /** The creator's id (a tag) or the release's id. */
  id: string;
  name: string;
  /** `@username` of a creator, the stage name's "Release" note of a release. */
  detail: string | null;
  avatar: string | null;
  status: PersonStatus;
}

/** How each status reads, and its tag colour. */
export const PERSON_STATUS: Record<PersonStatus, { label: string; color: string }> = {
  new: { label: 'Not asked yet', color: 'default' },
  pending: { label: 'Pending', color: 'gold' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** Whether a status lets the item be published. */
export const isCleared = (s: PersonStatus) => s === 'accepted' || s === 'approved';

export const releaseName = (r: Pick<Release, 'stageName' | 'legalName'>) => r.stageName || r.legalName;

export interface CoPerformersState {
  kind: CoPerformerKind;
  people: Person[];
  /** The saved list is still loading (an existing item). */
  loading: boolean;
  /** The creator's releases (for the picker and the statuses). */
  releases: Release[];
  releasesLoading: boolean;
  changed: boolean;
  add: (p: Person) => void;
  remove: (kind: Person['kind'], id: string) => void;
  /** What to send as `coPerformers` (undefined: unchanged). */
  input: () => CoPerformersInput | undefined;
  /** Everyone named is cleared (an empty list is). */
  cleared: boolean;
  /** After a save: read the item's list again and forget the local changes. */
  saved: () => void;
  /** Read the statuses again (after a refused publish). */
  refresh: () => void;
  /** Back to the item's saved list (a new item: nobody). */
  reset: () => void;
}

/** `active: false` (the composer's field still closed): the creator's releases are not read yet. */
export function useCoPerformers(kind: CoPerformerKind, itemId?: string | null, { active = true }: { active?: boolean } = {}): CoPerformersState {
  const saved = useRoute(routes.releases.itemGet, itemId ? { params: { kind, id: itemId } } : null, { revalidateOnFocus: false });
  const mine = useRoute(routes.releases.list, active ? { query: { limit: 100 } } : null);
  const [picked, setPicked] = useState<Person[] | null>(null);

  const releases = useMemo(() => mine.data?.data ?? [], [mine.data]);
  const base = useMemo(() => fromSaved(saved.data), [saved.data]);
  const people = useMemo(() => {
    const byId = new Map(releases.map((r) => [r._id, r]));
    // A release's status is the record's own (it may have been approved since it was picked).
    return (picked ?? base).map((p) => {
      const r = p.kind === 'release' ? byId.get(p.id) : undefined;
      return r ? { ...p, name: releaseName(r), status: r.status } : p;
    });
  }, [picked, base, releases]);

  const add = useCallback((p: Person) => setPicked((cur) => {
    const list = cur ?? base;
    return list.some((x) => x.kind === p.kind && x.id === p.id) ? list : [...list, p];
  }), [base]);
  const remove = useCallback((k: Person['kind'], id: string) => setPicked((cur) => (cur ?? base).filter((x) => !(x.kind === k && x.id === id))), [base]);
  const input = useCallback(
    () => (picked ? { creators: picked.filter((p) => p.kind === 'creator').map((p) => p.id), releases: picked.filter((p) => p.kind === 'release').map((p) => p.id) } : undefined),
    [picked],
  );
  const { mutate: mutateSaved } = saved;
  const { mutate: mutateMine } = mine;
  const refresh = useCallback(() => {
    void mutateMine();
    if (itemId) void mutateSaved();
  }, [itemId, mutateMine, mutateSaved]);

  return {
    kind,
    people,
    loading: Boolean(itemId) && saved.isLoading,
    releases,
    releasesLoading: mine.isLoading,
    changed: picked !== null,
    add,
    remove,
    input,
    cleared: people.every((p) => isCleared(p.status)),
    saved: () => {
      setPicked(null);
      refresh();
    },
    refresh,
    reset: () => setPicked(null),
  };
}

function fromSaved(list: CoPerformerList | undefined): Person[] {
  return (list?.entries ?? []).map((e) =>
    e.kind === 'creator'
      ? { kind: 'creator', id: e.performerId, name: e.performer.name, detail: e.performer.username ? `@${e.performer.username}` : null, avatar: e.performer.avatar, status: e.status }
      : { kind: 'release', id: e.releaseId, name: e.stageName || 'Release on record', detail: null, avatar: null, status: e.status },
  );
}
