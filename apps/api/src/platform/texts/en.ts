/**
 * The API's texts for people — e-mails and notifications — in English, the reference: every other
 * language (es.ts, pt-BR.ts, de.ts, fr.ts) has the same shape (the compiler checks it) and its own
 * words (texts.unit.test.ts: none left in English). Amounts come in already written in the
 * reader's language (formatMoney(…, locale)); names and creators' own words are never translated.
 */
export const en = {
  auth: {
    verifySubject: (site: string) => `Verify your e-mail address for ${site}`,
    verifyTitle: (site: string, name: string) => `Welcome to ${site}${name ? `, ${name}` : ''}!`,
    verifyBody: 'Please confirm your e-mail address. The link is valid for 3 days.',
    verifyAction: 'Verify my e-mail',
    resetSubject: (site: string) => `Reset your ${site} password`,
    resetTitle: 'Reset your password',
    resetBody: 'Someone (hopefully you) asked to reset your password. The link works once and expires in one hour. If it was not you, ignore this e-mail.',
    resetAction: 'Choose a new password',
    registerAttemptSubject: (site: string) => `Someone tried to register at ${site} with your address`,
    registerAttemptTitle: 'You already have an account',
    registerAttemptBody: (site: string, loginUrl: string) =>
      `Someone (hopefully you) tried to create a new ${site} account with this e-mail address, which already has one. If it was you, log in at ${loginUrl} — or choose a new password if you forgot it. If it was not you, you can ignore this e-mail: nothing was changed.`,
    registerAttemptAction: 'Reset my password',
    confirmChangeSubject: (site: string) => `Confirm your new e-mail address for ${site}`,
    confirmChangeTitle: 'Confirm your new e-mail address',
    confirmChangeBody: (site: string, handle: string) => `You asked to use this address for your ${site} account${handle}. It replaces the old one once you follow the link (valid for 1 day). If it was not you, ignore this e-mail.`,
    confirmChangeAction: 'Confirm my new address',
    changedSubject: (site: string) => `Your ${site} e-mail address was changed`,
    changedTitle: 'Your e-mail address was changed',
    changedBody: (site: string, handle: string, masked: string, forgotUrl: string) =>
      `The e-mail address of your ${site} account${handle} is now ${masked}. Mail about your account no longer comes here. If you did not make this change, reset your password at ${forgotUrl} using the new address, or contact support.`,
  },
  notificationMail: {
    title: 'You have a new notification',
    action: 'Open Stagepass',
    footer: 'You get this e-mail because this kind of notification is switched on in your notification preferences.',
    stop: 'Stop these e-mails',
  },
  subscriptionMail: {
    renewFailedSubject: (who: string) => `We could not renew your subscription to ${who}`,
    renewFailedText: (name: string, who: string, reason: string, cardsUrl: string) =>
      `Hi ${name},\n\nYour subscription to ${who} could not be renewed: ${reason}\nWe will try again over the next days. Please check your payment card at ${cardsUrl}.\n`,
    expiredSubject: (who: string) => `Your subscription to ${who} has expired`,
    expiredText: (name: string, who: string, reason: string) => `Hi ${name},\n\nYour subscription to ${who} has expired: ${reason}\nYou can subscribe again at any time from their page.\n`,
  },
  notifications: {
    welcomeCreator: 'Welcome! Set up your page and publish your first post.',
    welcomeFan: 'Welcome! Follow creators to fill your home feed.',
    trialStarted: (who: string) => `${who} started a free trial of your subscription`,
    subscribed: (who: string, amount: string) => `${who} subscribed to you (${amount})`,
    renewed: (who: string, amount: string) => `${who} renewed their subscription (${amount})`,
    cancelled: (who: string) => `${who} cancelled their subscription`,
    pastDueFan: (who: string, reason: string) => `Your subscription to ${who} could not be renewed: ${reason}`,
    pastDueCreator: (who: string) => `${who}'s renewal failed; we will try again`,
    tipped: (who: string, amount: string, note: string) => `${who} tipped you ${amount}${note ? `: “${note}”` : ''}`,
    messaged: (who: string) => `${who} sent you a message`,
    replied: (who: string) => `${who} replied to your comment`,
    commentedPost: (who: string) => `${who} commented on your post`,
    commentedItem: (who: string, kind: string) => `${who} commented on your ${kind}`,
    followed: (who: string) => `${who} followed you`,
    orderShipped: (seller: string, item: string, tracking: string | null) => `${seller} shipped your order of ${item}${tracking ? ` (tracking code ${tracking})` : ''}`,
    orderDelivered: (item: string) => `Your order of ${item} was delivered`,
    orderRefunded: (item: string, amount: string) => `Your order of ${item} was refunded: ${amount} is back in your wallet`,
    orderStatus: (item: string, status: string) => `Your order of ${item} is ${status}`,
    published: (who: string, kind: 'feed' | 'video', title: string | null) => `${who} published a new ${kind === 'feed' ? 'post' : 'video'}${title ? ` ${title}` : ''}`,
    publishedMany: (who: string, kind: 'feed' | 'video', count: number, title: string | null) => `${who} published ${count} new ${kind === 'feed' ? 'posts' : 'videos'}${title ? `, the latest ${title}` : ''}`,
    live: (who: string, title: string) => `${who} is live: ${title}`,
    ageApproved: 'Your age was verified: adult content is now shown to you',
    ageRejected: (reason: string) => `Your age verification was not accepted: ${reason}. You can try again.`,
    itemNouns: { video: 'video', gallery: 'gallery', product: 'product', photo: 'photo', stream: 'live stream' } as Record<string, string>,
    noReason: 'no reason given',
    warned: (message: string) => `A warning from the team: ${message}`,
    payoutApproved: (amount: string) => `Your payout of ${amount} was approved`,
    payoutPaid: (amount: string) => `Your payout of ${amount} was paid`,
    payoutRejected: (amount: string) => `Your payout of ${amount} was rejected`,
  },
};

export type Texts = typeof en;
