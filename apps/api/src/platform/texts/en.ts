/**
 * The API's texts for people — e-mails and notifications — in English, the reference: every other
 * language (es.ts, pt-BR.ts, de.ts, fr.ts) has the same shape (the compiler checks it) and its own
 * words (texts.unit.test.ts: none left in English). Amounts come in already written in the
 * reader's language (formatMoney(…, locale)); names and creators' own words are never translated.
 */
/** English nouns of the moderation and co-performer texts (as the handlers wrote them before). */
const HIDDEN_NOUN: Record<string, string> = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product' };
const TAGGED_NOUN: Record<string, string> = { feed: 'post', video: 'video', gallery: 'gallery', stream: 'live stream' };

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
    purchasedItem: (who: string, kind: string, amount: string) => `${who} bought your ${kind === 'feed' ? 'post' : kind} for ${amount}`,
    purchasedTicket: (who: string, title: string, amount: string) => `${who} bought a ticket to your stream “${title}” for ${amount}`,
    orderPlaced: (who: string, quantity: number, product: string, total: string) => `${who} ordered ${quantity} × ${product} (${total})`,
    orderPlacedDigital: (who: string, product: string, total: string) => `${who} bought ${product} (${total})`,
    orderAddressChanged: (who: string, product: string) => `${who} changed the delivery address of their order of ${product}`,
    verificationApproved: 'Your identity was verified: you can now publish paid content, sell and request payouts',
    verificationRejected: (reason: string) => `Your identity documents were not accepted: ${reason}. Upload new documents to try again.`,
    contentHidden: (kind: string, title: string | null, reason: string) => `Your ${HIDDEN_NOUN[kind] ?? kind}${title ? ` “${title}”` : ''} was hidden by the team: ${reason}`,
    takedownHidden: (number: number, claimant: string, work: string) => `Takedown notice #${number} from ${claimant} hid your content. The work they claim: ${work}. You may file a counter-notice.`,
    coperformerTagged: (who: string, kind: string) => `${who} tagged you in a ${TAGGED_NOUN[kind] ?? kind}: accept or decline the tag`,
    coperformerAccepted: (who: string, kind: string) => `${who} accepted your tag on your ${TAGGED_NOUN[kind] ?? kind}`,
    coperformerDeclined: (who: string, kind: string, hidden: boolean) => `${who} declined your tag on your ${TAGGED_NOUN[kind] ?? kind}${hidden ? `: the ${TAGGED_NOUN[kind] ?? kind} is hidden until you remove them from it` : ''}`,
    releaseApproved: 'A co-performer release you uploaded was approved: content naming them can be published',
    releaseRejected: (reason: string, hidden: number) => `A co-performer release you uploaded was rejected: ${reason}${hidden ? `. ${hidden} published item(s) naming it are hidden until you remove it from them` : ''}`,
    replayReady: (title: string) => `Your replay of ${title} is ready`,
    replayFailed: (title: string, reason: string) => `Your replay of ${title} could not be made: ${reason}`,
    exportReady: (until: string) => `Your data export is ready to download until ${until}.`,
  },
  /** The creator's e-mail when a payout is paid or declined (payouts.handlers.ts); `name` may be empty. */
  payoutMail: {
    paidTitle: 'Your payout has been sent',
    declinedTitle: 'Your payout request was declined',
    paidBody: (name: string, amount: string, stripe: boolean, note: string | null) =>
      `Hi ${name || 'there'}, your payout of ${amount} has been ${stripe ? 'transferred to your Stripe account' : 'paid'}.${note ? ` Note: ${note}` : ''}`,
    declinedBody: (name: string, amount: string, reason: string | null) =>
      `Hi ${name || 'there'}, your payout request of ${amount} was declined and the amount is available again.${reason ? ` Reason: ${reason}` : ''}`,
  },
  /** The takedown e-mails (takedowns.handlers.ts): to the claimant, or to the owner of the content. */
  takedownMail: {
    ref: (number: number) => `notice #${number}`,
    received: 'We received your takedown notice',
    rejected: 'Your takedown notice was rejected',
    info: 'We need more about your takedown notice',
    countered: 'A counter-notice was filed on your takedown notice',
    restored: 'Content named in your takedown notice was restored',
    upheld: 'Your content stays hidden',
    ownerRestoredTitle: 'Your content was restored',
    ownerRestoredBody: (ref: string) => `The wait after your counter-notice on takedown ${ref} ended without an answer from the claimant: your content is visible again.`,
    ownerUpheldBody: (ref: string, message: string) => `The claimant of takedown ${ref} answered your counter-notice by filing an action: your content stays hidden.\n\n${message}`,
    ownerAction: 'Your takedowns',
    receivedBody: (name: string, ref: string, work: string) => `Thank you, ${name}. Your takedown ${ref} about “${work}” is in our queue; quote its number in any follow-up.`,
    rejectedBody: (ref: string, message: string) => `Your takedown ${ref} was rejected:\n\n${message}`,
    infoBody: (ref: string, message: string) => `Before we can act on your takedown ${ref}, we need more from you:\n\n${message}\n\nPlease answer by filing a new notice that quotes ${ref}.`,
    counteredBody: (ref: string, message: string) => `The owner of the content named in your takedown ${ref} filed a counter-notice:\n\n${message}\n\nThe content will be restored after the legal wait unless you tell us that you filed an action.`,
    restoredBody: (ref: string) => `The wait after the counter-notice on your takedown ${ref} ended: the content was restored.`,
    upheldBody: (ref: string) => `We recorded that you filed an action after the counter-notice on your takedown ${ref}: the content stays hidden.`,
    claimantAction: 'Our takedown policy',
  },
  /** The contact form's e-mails (site.handlers.ts): to the operator, and the answer to the sender. */
  contactMail: {
    receivedTitle: (name: string) => `New contact message from ${name}`,
    receivedBody: (name: string, email: string, site: string, message: string) => `${name} <${email}> wrote through the contact form of ${site}:\n\n${message}`,
    receivedAction: 'Open the inbox',
    answerTitle: (site: string) => `Re: your message to ${site}`,
    answerBody: (name: string, answer: string, site: string, quoted: string) => `Hi ${name},\n\n${answer}\n\n— ${site}\n\nYour message:\n${quoted}`,
  },
  /** The data export's e-mail (privacy.service.ts); `name` may be empty. */
  privacyMail: {
    exportTitle: 'Your data export is ready',
    exportBody: (name: string, days: number) => `Hi ${name || 'there'}, the copy of your data you asked for is ready. Download it from your account page within ${days} days.`,
    exportAction: 'Open your account',
  },
};

export type Texts = typeof en;
