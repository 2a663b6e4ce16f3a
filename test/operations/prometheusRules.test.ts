import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { prometheusTool, RULE_FILES, RULES_DIR, shortenRules } from '../support/prometheus';

// The recording and alert rules of ops/prometheus/ as Prometheus's own tool reads them: `promtool check
// rules` (syntax, PromQL) and `promtool test rules` (ops/prometheus/tests/: each alert fires on one series
// and stays quiet on another). Each alert names what is wrong and links to what to do in docs/operations.md.

const ROOT = path.resolve(__dirname, '..', '..');
const TESTS_DIR = path.join(RULES_DIR, 'tests');

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const groupsOf = (file: string): Array<{ name: string; rules: Rule[] }> =>
  (parse(fs.readFileSync(path.join(RULES_DIR, file), 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> })
    .groups;
const alerts = (): Rule[] => groupsOf('alerts.rules.yml').flatMap((g) => g.rules);

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(prometheusTool('promtool'), args, { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The anchor GitHub gives a Markdown heading. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('Prometheus rules (ops/prometheus/)', () => {
  it('pass promtool check rules', () => {
    const run = promtool('check', 'rules', ...RULE_FILES.map((f) => path.join(RULES_DIR, f)));
    expect(run.status, run.output).to.equal(0);
    expect(run.output).to.match(/SUCCESS: \d+ rules found/);
  });

  it('load in the example scrape configuration (promtool check config)', () => {
    const run = promtool('check', 'config', path.join(RULES_DIR, 'prometheus.example.yml'));
    expect(run.status, run.output).to.equal(0);
  });

  it('pass their unit tests (promtool test rules)', () => {
    const files = fs.readdirSync(TESTS_DIR).filter((f) => f.endsWith('.test.yml'));
    expect(files).to.not.be.empty;
    const run = promtool('test', 'rules', ...files.map((f) => path.join(TESTS_DIR, f)));
    expect(run.status, run.output).to.equal(0);
  });

  it('have, for every alert, a unit test where it fires and one where it does not', () => {
    const cases = fs
      .readdirSync(TESTS_DIR)
      .filter((f) => f.endsWith('.test.yml'))
      .flatMap(
        (f) =>
          (
            parse(fs.readFileSync(path.join(TESTS_DIR, f), 'utf8')) as {
              tests: Array<{ alert_rule_test?: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
            }
          ).tests,
      )
      .flatMap((t) => t.alert_rule_test ?? []);
    for (const { alert } of alerts()) {
      const mine = cases.filter((c) => c.alertname === alert);
      expect(
        mine.some((c) => c.exp_alerts.length > 0),
        `${alert} fires in some test`,
      ).to.equal(true);
      expect(
        mine.some((c) => c.exp_alerts.length === 0),
        `${alert} stays quiet in some test`,
      ).to.equal(true);
    }
  });

  it('give every alert a severity, a summary and a runbook link to a heading of docs/operations.md', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    const anchors = new Set([...docs.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
    expect(alerts()).to.have.length.at.least(8);
    for (const rule of alerts()) {
      expect(rule.labels?.severity, rule.alert).to.be.oneOf(['page', 'warn']);
      expect(rule.annotations?.summary, rule.alert).to.be.a('string').and.not.empty;
      const link = /^docs\/operations\.md#(.+)$/.exec(rule.annotations?.runbook_url ?? '');
      expect(link, `${rule.alert} runbook_url`).to.not.equal(null);
      expect(anchors.has(link![1]), `docs/operations.md has a heading for #${link![1]}`).to.equal(true);
      expect(link![1]).to.equal(anchorOf(rule.alert!));
    }
  });

  it('feed the Grafana dashboard: every panel query reads recording rules, and only ones that exist', () => {
    const recorded = new Set(
      groupsOf('recording.rules.yml')
        .flatMap((g) => g.rules)
        .map((r) => r.record),
    );
    const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'ops', 'grafana', 'sales-practice.json'), 'utf8')) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
    expect(queries).to.not.be.empty;
    for (const { panel, expr } of queries) {
      const names = [...expr.matchAll(/\b([a-z_]+:[a-z0-9_:]+)/g)].map((m) => m[1]);
      expect(names, `${panel}: ${expr}`).to.not.be.empty;
      for (const name of names) expect(recorded.has(name), `${panel}: ${name} is a recording rule`).to.equal(true);
      expect(expr, panel).to.not.match(/\bsales_practice_[a-z_]+\b/);
    }
  });

  it('keep company, user and recording ids out of every rule', () => {
    for (const file of RULE_FILES)
      for (const rule of groupsOf(file).flatMap((g) => g.rules))
        expect(rule.expr, rule.record ?? rule.alert).to.not.match(/company|user_id|recording_id|\bid\b/);
  });

  it('shorten by code for the live test: ranges, for: and intervals change, nothing else', () => {
    const real = fs.readFileSync(path.join(RULES_DIR, 'alerts.rules.yml'), 'utf8');
    const short = parse(shortenRules(real, { window: '30s', for: '5s', interval: '1s' })) as {
      groups: Array<{ interval: string; rules: Rule[] }>;
    };
    const original = alerts();
    const shortened = short.groups.flatMap((g) => g.rules);
    expect(short.groups.every((g) => g.interval === '1s')).to.equal(true);
    expect(shortened.map((r) => r.alert)).to.deep.equal(original.map((r) => r.alert));
    for (const [i, rule] of shortened.entries()) {
      expect(rule.annotations).to.deep.equal(original[i].annotations);
      expect(rule.expr.replace(/\[30s\]/g, '[W]')).to.equal(original[i].expr.replace(/\[\d+[smhd]\]/g, '[W]'));
      if (original[i].for !== undefined) expect(rule.for).to.equal('5s');
    }
  });
});
