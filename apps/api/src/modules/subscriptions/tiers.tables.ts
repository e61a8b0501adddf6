// Subscription tiers (issue 30 §1): tables to come.
export {};
