/** Promotions and free-trial links (issue 30 §3): tables land with the module. */
export {};
