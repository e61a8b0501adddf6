import type { MetadataRoute } from 'next';
import { getPublicSettings } from '@/lib/server/api';

// The operator's site name is read per request (the settings can change without a rebuild).
export const dynamic = 'force-dynamic';

/** What the browser needs to install the site as an app (issue 34 §1; apps/web/README.md "Installable app"). */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const { settings } = await getPublicSettings();
  const name = settings.siteName;
  return {
    id: '/',
    name,
    short_name: name.length > 12 ? `${name.slice(0, 11)}…` : name,
    description: `${name} — subscriptions and exclusive posts from creators to their fans.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The light theme's; the dark one comes from the <meta name="theme-color" media="(prefers-color-scheme: dark)"> of the root layout.
    background_color: '#ffffff',
    theme_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
