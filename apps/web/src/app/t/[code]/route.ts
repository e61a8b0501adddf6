import { trackingCodeSchema, trackingProfilePath } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { serverGetRoute } from '@/lib/server/api';

/**
 * /t/<code>: a creator's tracking link (issue 30 §4) → their profile with the code in `?c=`, where
 * the page records the click (the browser's visitor id, its touch). Unknown code → the home page.
 * A relative Location, so it works behind any proxy or host name.
 */
export async function GET(_req: Request, ctx: { params: Promise<{ code: string }> }) {
  const { code } = await ctx.params;
  const parsed = trackingCodeSchema.safeParse(code);
  const info = parsed.success ? await serverGetRoute(routes.tracking.code, { code: parsed.data }) : null;
  const to = info?.ok ? trackingProfilePath(info.data.username, parsed.data!) : '/';
  return new Response(null, { status: 307, headers: { Location: to, 'Cache-Control': 'no-store' } });
}
