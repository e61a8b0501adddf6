/**
 * Bench data written straight to the database: one creator and `count` fans with an active
 * subscription to them and a session (token) each — the audience of the realtime and messages suites.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../../apps/api/src/platform/auth';

/** One creator, `count` fans subscribed to it, a session (token) for each. */
export async function seedSubscribers(url: string, count: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const creatorId = crypto.randomUUID();
    const creatorToken = crypto.randomBytes(32).toString('base64url');
    await c.query(`INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ($1, 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`, [creatorId]);
    await c.query(`INSERT INTO performer_profiles (user_id, bio) VALUES ($1, 'Bench creator')`, [creatorId]);
    const fans = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), token: crypto.randomBytes(32).toString('base64url'), i }));
    await c.query(
      `INSERT INTO users (id, username, email, name, roles, verified_email)
       SELECT id, 'benchfan' || n, 'fan' || n || '@bench.test', 'Fan ' || n, '["user"]', true FROM unnest($1::uuid[], $2::int[]) AS t(id, n)`,
      [fans.map((f) => f.id), fans.map((f) => f.i)],
    );
    await c.query(
      `INSERT INTO sessions (id, user_id, token_hash, expires_at)
       SELECT gen_random_uuid(), u, h, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`,
      [[creatorId, ...fans.map((f) => f.id)], [hashToken(creatorToken), ...fans.map((f) => hashToken(f.token))]],
    );
    await c.query(
      `INSERT INTO subscriptions (id, user_id, performer_id, status, type, price, expires_at)
       SELECT gen_random_uuid(), u, $2, 'active', 'monthly', 999, now() + interval '30 days' FROM unnest($1::uuid[]) AS t(u)`,
      [fans.map((f) => f.id), creatorId],
    );
    await c.query('ANALYZE');
    return { creatorId, creatorToken, fans };
  } finally {
    await c.end();
  }
}


/** `count` more users (no session) who follow `creatorId`: a mass message's followers audience. */
export async function seedFollowers(url: string, creatorId: string, count: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    await c.query(
      `INSERT INTO users (id, username, email, name, roles, verified_email)
       SELECT id, 'benchfollower' || n, 'follower' || n || '@bench.test', 'Follower ' || n, '["user"]', true FROM unnest($1::uuid[], $2::int[]) AS t(id, n)`,
      [ids, ids.map((_, i) => i)],
    );
    await c.query(`INSERT INTO follows (follower_id, following_id) SELECT u, $2 FROM unnest($1::uuid[]) AS t(u)`, [ids, creatorId]);
    await c.query('ANALYZE');
  } finally {
    await c.end();
  }
}
