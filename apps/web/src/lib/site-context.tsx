'use client';
import { createContext, useContext } from 'react';
import type { PublicSettings } from '@stagepass/shared';

export interface SiteContextValue {
  settings: PublicSettings;
  /** false when the server could not reach the API for the first render */
  apiReachable: boolean;
  apiBase: string;
}
export const SiteContext = createContext<SiteContextValue | null>(null);
export function useSite(): SiteContextValue {
  const v = useContext(SiteContext);
  if (!v) throw new Error('useSite outside <Providers>');
  return v;
}
export function useSettings(): PublicSettings {
  return useSite().settings;
}
