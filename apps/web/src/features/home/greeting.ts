import type { CurrentUser } from '@stagepass/shared';
import type { Messages } from '@/i18n/messages';

type HomeKey = keyof Messages['home'];

/**
 * The home page's heading and lead (keys of the `home` messages and their values): a first-time
 * welcome on the account's first visit (`firstSignIn`), "Welcome back" afterwards.
 */
export function homeGreeting(user: Pick<CurrentUser, 'firstName' | 'name' | 'isPerformer' | 'firstSignIn'>, siteName: string): { title: HomeKey; lead: HomeKey; values: { site: string; name: string } } {
  const name = (user.firstName || user.name).split(' ')[0] || user.name;
  if (user.firstSignIn) return { title: 'welcomeFirst', lead: user.isPerformer ? 'welcomeFirstCreator' : 'welcomeFirstFan', values: { site: siteName, name } };
  return { title: 'welcomeBack', lead: user.isPerformer ? 'welcomeBackCreator' : 'welcomeBackFan', values: { site: siteName, name } };
}
