'use client';
import { createContext, useContext } from 'react';
import type { PublicSettings, SitePageSummary } from '@stagepass/shared';

export interface SiteContextValue {
  settings: PublicSettings;
  /** false when the server could not reach the API for the first render */
  apiReachable: boolean;
  apiBase: string;
  /** The published static pages of the footer menu (GET /posts/search?footer=true, read by the root layout). */
  footerPages: SitePageSummary[];
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
