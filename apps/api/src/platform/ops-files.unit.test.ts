import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { enableMetrics, exportedNames, registry } from './metrics';

/**
 * The Grafana dashboard and the Prometheus alert rules in ops/ (docs/operations.md "Dashboards and
 * alerts") read only metrics the API exports, with labels those metrics have: a renamed metric or
 * label fails here instead of leaving a blank panel or an alert that never fires.
 */
const OPS = path.resolve(import.meta.dirname, '../../../../ops');
const dashboard = JSON.parse(fs.readFileSync(path.join(OPS, 'grafana/stagepass-dashboard.json'), 'utf8')) as { panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }> };
const alerts = parseYaml(fs.readFileSync(path.join(OPS, 'prometheus/alerts.yml'), 'utf8')) as { groups: Array<{ name: string; rules: Array<{ alert: string; expr: string; for?: string; labels: { severity: string }; annotations: { summary: string } }> }> };

/** Series Prometheus itself adds to every target (not exported by the API). */
const PROMETHEUS_OWN = new Set(['up']);
/** Labels Prometheus adds to every series it scrapes. */
const TARGET_LABELS = new Set(['instance', 'job']);
const METRIC = /\b(stagepass_[a-z0-9_]+|process_[a-z0-9_]+|nodejs_[a-z0-9_]+|up)\b(\{([^}]*)\})?/g;

enableMetrics(); // the default process metrics are registered by it
const exported = new Set(exportedNames());

/** Each metric a PromQL expression reads, with the label names its selector matches on. */
function uses(expr: string): Array<{ name: string; base: string; labels: string[] }> {
  return [...expr.matchAll(METRIC)].map((m) => {
    const name = m[1]!;
    const base = exported.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    const labels = (m[3] ?? '').split(',').map((l) => l.trim().split(/\s*(=~|!~|!=|=)\s*/)[0]!).filter(Boolean);
    return { name, base, labels };
  });
}

function check(where: string, expr: string): string[] {
  const problems: string[] = [];
  const found = uses(expr);
  if (!found.length) problems.push(`${where}: reads no Stagepass metric`);
  for (const u of found) {
    if (PROMETHEUS_OWN.has(u.name)) continue;
    const metric = registry.getSingleMetric(u.base) as unknown as { labelNames?: string[]; constructor: { name: string } } | undefined;
    if (!metric) {
      problems.push(`${where}: ${u.name} is not exported by the API`);
      continue;
    }
    if (u.name !== u.base && metric.constructor.name !== 'Histogram' && metric.constructor.name !== 'Summary') problems.push(`${where}: ${u.name} — ${u.base} is not a histogram`);
    const known = new Set([...(metric.labelNames ?? []), ...TARGET_LABELS, ...(u.name.endsWith('_bucket') ? ['le'] : [])]);
    for (const l of u.labels) if (!known.has(l)) problems.push(`${where}: ${u.base} has no label "${l}"`);
  }
  return problems;
}

describe('ops/ reads only what the API exports', () => {
  it('every dashboard query names exported metrics and their labels', () => {
    const targets = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `dashboard "${p.title}"`, expr: t.expr })));
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.flatMap((t) => check(t.where, t.expr))).toEqual([]);
  });

  it('every alert rule names exported metrics and their labels, and says how bad and what', () => {
    const rules = alerts.groups.flatMap((g) => g.rules);
    expect(rules.flatMap((r) => check(`alert ${r.alert}`, r.expr))).toEqual([]);
    for (const r of rules) {
      expect(['warning', 'critical'], r.alert).toContain(r.labels.severity);
      expect(r.annotations.summary.length, r.alert).toBeGreaterThan(10);
    }
  });

  it('the alerts cover latency, error rate, queue age, failed payments and disk; the dashboard the rest', () => {
    const alerted = new Set(alerts.groups.flatMap((g) => g.rules.flatMap((r) => uses(r.expr).map((u) => u.base))));
    for (const m of ['stagepass_http_request_duration_seconds', 'stagepass_http_requests_total', 'stagepass_job_queue_oldest_age_seconds', 'stagepass_payments_failed_total', 'stagepass_data_dir_free_bytes']) expect(alerted, m).toContain(m);
    const shown = new Set(dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => uses(t.expr).map((u) => u.base))));
    for (const m of ['stagepass_job_queue_depth', 'stagepass_emails_failed_total', 'stagepass_realtime_sockets', 'stagepass_live_viewers', 'stagepass_janus_peers', 'stagepass_ledger_movements_total', 'process_resident_memory_bytes', 'stagepass_db_query_duration_seconds']) expect(shown, m).toContain(m);
  });

  it('the check itself catches a metric or label that does not exist', () => {
    expect(check('probe', 'rate(stagepass_http_requests_totl[5m])')).toEqual(['probe: stagepass_http_requests_totl is not exported by the API']);
    expect(check('probe', 'stagepass_job_queue_depth{queu="x"}')).toEqual(['probe: stagepass_job_queue_depth has no label "queu"']);
    expect(check('probe', 'stagepass_realtime_sockets_bucket')).toEqual(['probe: stagepass_realtime_sockets_bucket — stagepass_realtime_sockets is not a histogram']);
  });
});
