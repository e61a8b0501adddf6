'use client';
import { useState } from 'react';

/**
 * True from the first render where `on` is true, for good: mount an on-demand (lazily loaded)
 * dialog when it is first opened, then keep it mounted so it can animate closed and reopen at once.
 */
export function useLatch(on: boolean): boolean {
  const [latched, setLatched] = useState(on);
  if (on && !latched) setLatched(true);
  return latched || on;
}
