import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createFan, createTestApp, type TestApp } from '../../test/harness';
import { topUp } from '../../test/money';
import { flushTracing, tracingOn } from './tracing';

/**
 * Issue 33 §1: with OTEL_EXPORTER_OTLP_ENDPOINT set, the real OTLP/HTTP exporter sends one trace
 * per request — the request's span, its services and SQL below it, and the jobs it queued,
 * continued in the worker — to a receiver (here a plain HTTP server in the test decoding the OTLP
 * JSON export). Without it, nothing is traced (tracing.unit.test.ts checks nothing is loaded).
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean } }>;
}
const received: OtlpSpan[] = [];
const contentTypes = new Set<string>();
let receiver: http.Server;
let t: TestApp;

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : v?.boolValue);
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        contentTypes.add(String(req.headers['content-type']));
        const doc = JSON.parse(body) as { resourceSpans: Array<{ resource: unknown; scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
        for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) received.push(...ss.spans);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, OTEL_SERVICE_NAME: 'stagepass-test' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => receiver.close(r));
});

describe('one trace from a request to the jobs it queued', () => {
  it('the request span, its service and SQL spans below it, and the queued job continued in the same trace, with the request id', async () => {
    expect(tracingOn()).toBe(true);
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 50, { card: true });
    await t.ctx.queue.drain();
    const requestId = `req-${Date.now()}`;
    const res = await t.app.inject({ method: 'POST', url: `/wallet/charges/tip/${creator.user.username}`, headers: { ...fan.auth, 'x-request-id': requestId }, payload: { price: 12.5 } });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.queue.drain();

    // The exporter batches: flush, then wait for the receiver to have the request's trace with a job in it.
    const find = () => received.find((s) => s.kind === 2 && attr(s, 'stagepass.request_id') === requestId);
    let jobs: OtlpSpan[] = [];
    await expect
      .poll(async () => {
        await flushTracing();
        const root = find();
        jobs = root ? received.filter((s) => s.traceId === root.traceId && s.name.startsWith('job ')) : [];
        return jobs.length;
      }, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect([...contentTypes]).toEqual(['application/json']);

    const root = find()!;
    expect(root.name).toBe('POST /wallet/charges/:kind/:id');
    expect(attr(root, 'http.route')).toBe('/wallet/charges/:kind/:id');
    expect(attr(root, 'http.response.status_code')).toBe(200);
    expect(root.parentSpanId ?? '').toBe('');
    const trace = received.filter((s) => s.traceId === root.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (s: OtlpSpan): OtlpSpan[] => {
      const out: OtlpSpan[] = [];
      for (let p = s.parentSpanId ? byId.get(s.parentSpanId) : undefined; p; p = p.parentSpanId ? byId.get(p.parentSpanId) : undefined) out.push(p);
      return out;
    };
    // A service method under the request (the wallet's tip), and SQL under it.
    const service = trace.find((s) => s.name.startsWith('WalletService.') && ancestors(s).includes(root));
    expect(service, trace.map((s) => s.name).join(', ')).toBeDefined();
    const sql = trace.filter((s) => s.name === 'db.query' && ancestors(s).includes(service!));
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.some((s) => /insert into "ledger_transactions"/i.test(String(attr(s, 'db.query.text'))))).toBe(true);
    expect(attr(sql[0]!, 'db.system.name')).toBe('postgresql');
    // The job the request queued: sent under the request (producer), run in the worker as its child (consumer), with the request id.
    const job = jobs[0]!;
    expect(job.kind).toBe(5);
    const send = byId.get(job.parentSpanId!)!;
    expect(send.kind).toBe(4);
    // `send <queue>` (one insert may name several queues: `send a,b`).
    expect(send.name).toMatch(/^send /);
    expect(send.name.slice('send '.length).split(',')).toContain(job.name.slice('job '.length));
    expect(ancestors(job)).toContain(root);
    expect(attr(job, 'stagepass.request_id')).toBe(requestId);
    // The job's own work is traced below it (its SQL).
    expect(trace.some((s) => s.name === 'db.query' && ancestors(s).includes(job))).toBe(true);
  });

  it("a caller's traceparent is continued: the request's span is its child", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { traceparent: `00-${traceId}-${parent}-01` } });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => {
        await flushTracing();
        return received.find((s) => s.traceId === traceId && s.name === 'GET /healthz')?.parentSpanId;
      }, { timeout: 15_000 })
      .toBe(parent);
  });
});
