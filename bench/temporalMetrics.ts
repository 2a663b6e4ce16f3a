// The Temporal server's own estimate of Temporal Cloud actions: its `action` counter (Prometheus text on the
// dev server's --metrics-port; labels action_type and namespace). From server 1.22.3 it follows Cloud's
// billing, local activities included (temporalio/documentation (docs folder) cloud/migrate/estimate-actions.mdx), and
// unlike a history it sees heartbeats. bench/cost.ts reads it before and after a scenario.

export type ActionCounts = Record<string, number>;

export const totalActions = (counts: ActionCounts): number => Object.values(counts).reduce((a, b) => a + b, 0);

/** Labels of one series, `{a="x",b="y"}` without the braces; a value's escapes (\" \\ \n) undone. Linear. */
function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    if (eq < 0 || text[eq + 1] !== '"') break;
    const name = text.slice(i, eq).trim();
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j += 1) {
      if (text[j] === '\\' && j + 1 < text.length) {
        j += 1;
        value += text[j] === 'n' ? '\n' : text[j];
      } else value += text[j];
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
  }
  return labels;
}

/** The `action` counter of `namespace`, summed by action_type over the page's other labels (service, operation). */
export function parseActionCounter(page: string, namespace: string): ActionCounts {
  const counts: ActionCounts = {};
  for (const line of page.split('\n')) {
    if (!line.startsWith('action{')) continue;
    const close = line.lastIndexOf('}');
    if (close < 0) continue;
    const labels = parseLabels(line.slice('action{'.length, close));
    if (labels.namespace !== namespace) continue;
    const value = Number(
      line
        .slice(close + 1)
        .trim()
        .split(' ')[0],
    );
    if (!Number.isFinite(value)) continue;
    const type = labels.action_type ?? 'unlabelled';
    counts[type] = (counts[type] ?? 0) + value;
  }
  return counts;
}

async function readOnce(metricsUrl: string, namespace: string): Promise<ActionCounts> {
  const res = await fetch(metricsUrl);
  if (!res.ok) throw new Error(`${metricsUrl} answered ${res.status}`);
  return parseActionCounter(await res.text(), namespace);
}

/** How often the server's metrics reporter publishes what it counted (its page lags the work by up to this). */
const REPORT_INTERVAL_MS = 1_200;

/**
 * The counter once the server has published everything counted so far: read until two readings one reporting
 * interval apart agree (the work being measured has ended before this is called).
 */
export async function readActionCounter(metricsUrl: string, namespace: string): Promise<ActionCounts> {
  let last = await readOnce(metricsUrl, namespace);
  for (let i = 0; i < 20; i += 1) {
    await new Promise((r) => setTimeout(r, REPORT_INTERVAL_MS));
    const now = await readOnce(metricsUrl, namespace);
    if (totalActions(now) === totalActions(last)) return now;
    last = now;
  }
  return last;
}

/** after − before, per action type, divided by `recordings`. */
export function actionsPer(before: ActionCounts, after: ActionCounts, recordings: number): ActionCounts {
  const per: ActionCounts = {};
  for (const [type, value] of Object.entries(after)) {
    const delta = value - (before[type] ?? 0);
    if (delta > 0) per[type] = delta / recordings;
  }
  return per;
}
