/** Tracking links (issue 30 §4): tables land with the module. */
export {};
