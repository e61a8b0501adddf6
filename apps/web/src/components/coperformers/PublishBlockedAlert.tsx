'use client';
/** The refusal to publish (422: someone named is not cleared), shown beside an editor's publish button. */
import { Alert } from 'antd';
import { errorText, type ApiFailure } from '@/lib/api';
import { PERSON_STATUS, isCleared, type CoPerformersState } from './useCoPerformers';
import css from './coperformers.module.css';

/** A refused publish (422: someone named is not cleared), shown beside the publish button. */
export function isPublishBlocked(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as ApiFailure).statusCode === 422;
}

/** The API's 400 on the people named (`coPerformers.creators.N` / `coPerformers.releases.N`: not a verified creator, a rejected release…), else null. */
export function coPerformerFieldError(e: unknown): string | null {
  const details = (e as ApiFailure | undefined)?.details;
  const d = Array.isArray(details) ? details.find((x) => typeof x?.field === 'string' && x.field.startsWith('coPerformers')) : undefined;
  return d ? `People in this content: ${d.message}` : null;
}

/**
 * An editor's answer to the API's refusal about the people named, shared by the post, video and
 * gallery editors: the publish gate's 422 goes to the alert by the publish button (and the list is
 * read again, to show who is not cleared yet), a 400 on the people field to the form's message.
 * True when `e` was one of those (handled), false for every other error.
 */
export function handlePeopleRefusal(e: unknown, people: Pick<CoPerformersState, 'refresh'>, show: { blocked: (m: string) => void; form: (m: string) => void }): boolean {
  if (isPublishBlocked(e)) {
    show.blocked(errorText(e));
    people.refresh();
    return true;
  }
  const onPeople = coPerformerFieldError(e);
  if (onPeople) show.form(onPeople);
  return onPeople !== null;
}

export default function PublishBlockedAlert({ message, people, draftHint }: { message: string | null; people: CoPerformersState; draftHint?: boolean }) {
  if (!message) return null;
  const waiting = people.people.filter((p) => !isCleared(p.status));
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className={css.blocked}
      title={message}
      description={
        <>
          {waiting.length > 0 && <>Not cleared yet: {waiting.map((p) => `${p.name} (${p.kind === 'release' && p.status === 'pending' ? 'pending review' : PERSON_STATUS[p.status].label.toLowerCase()})`).join(', ')}. </>}
          {draftHint ? 'Save it as a draft meanwhile, or remove them.' : 'Nothing was published: try again once they are cleared, or remove them.'}
        </>
      }
    />
  );
}
