import type { CurrentUser } from '@stagepass/shared';

/**
 * The home page's heading and lead: a first-time welcome on the account's first visit
 * (`firstSignIn`), "Welcome back" afterwards.
 */
export function homeGreeting(user: Pick<CurrentUser, 'firstName' | 'name' | 'isPerformer' | 'firstSignIn'>, siteName: string): { title: string; lead: string } {
  const first = (user.firstName || user.name).split(' ')[0] || user.name;
  if (user.firstSignIn) {
    return {
      title: `Welcome to ${siteName}, ${first}`,
      lead: user.isPerformer
        ? 'Your page is ready: share your first post below, and the posts of creators you follow will show up here too.'
        : 'Follow creators you love and their new posts will show up right here.',
    };
  }
  return {
    title: `Welcome back, ${first}`,
    lead: user.isPerformer ? 'Your posts and what’s new from the creators you follow.' : 'Here’s what’s new from the creators you follow.',
  };
}
