// Creator referrals (issue 30 §5): tables to come.
export {};
