/** Subscription bundles (issue 30 §2): tables land with the feature. */
export {};
