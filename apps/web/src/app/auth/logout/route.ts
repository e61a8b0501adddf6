import { NextResponse, type NextRequest } from 'next/server';
import { routePath, routes } from '@stagepass/shared/routes';
import { internalApiUrl, TOKEN_COOKIE } from '@/lib/config';

/**
 * GET /auth/logout — used by server-side guards when the token was refused: removes the token
 * cookie (server components cannot) and sends the browser to /auth/login. Also revokes the session.
 */
export async function GET(req: NextRequest) {
  const token = req.cookies.get(TOKEN_COOKIE)?.value;
  if (token) {
    await fetch(`${internalApiUrl()}${routePath(routes.auth.logout)}`, { method: routes.auth.logout.method, headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) }).catch(() => undefined);
  }
  const res = NextResponse.redirect(new URL('/auth/login', req.url), 303);
  res.cookies.set(TOKEN_COOKIE, '', { path: '/', maxAge: 0 });
  res.headers.set('Cache-Control', 'no-store');
  return res;
}
