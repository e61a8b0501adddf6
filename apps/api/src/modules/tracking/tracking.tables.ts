// Tracking links (issue 30 §4): tables to come.
export {};
