import { DEFAULT_AVATAR } from '@stagepass/shared';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../users/users.tables';

/** A small public card of a user (comment author, reporter): never e-mail or anything private. */
export function userCard(ctx: Pick<AppContext, 'users'>, u: UserRow) {
  return { _id: u.id, name: u.name || u.username || '', username: u.username, avatar: ctx.users.avatarUrls(u)?.medium ?? DEFAULT_AVATAR, isPerformer: u.isPerformer };
}
