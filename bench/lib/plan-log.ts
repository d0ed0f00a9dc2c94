/** One statement's plan as auto_explain logged it (text format, with ANALYZE). */
export type LoggedPlan = {
  durationMs: number;
  query: string;
  parameters: string | null;
  plan: string;
};

/** How a plan reads its tables: which indexes it uses and which tables it scans whole. */
export type ScanSummary = {
  indexes: string[];
  seqScans: Array<{ table: string; rows: number; removed: number }>;
};

const ENTRY_START = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[\d+\] /;
const PLAN_HEADER = /LOG: {2}duration: ([\d.]+) ms {2}plan:$/;
const PLAN_NODE = /^\S.*\(cost=[\d.]+\.\.[\d.]+ rows=\d+ width=\d+\)/;

/**
 * The auto_explain entries of a stretch of the server log. The server writes each
 * continuation line of a multi-line message with a leading tab; the message is the
 * query text, the parameters, then the plan.
 */
export function parsePlans(log: string): LoggedPlan[] {
  const entries: string[][] = [];
  for (const line of log.split('\n')) {
    if (ENTRY_START.test(line)) entries.push([line]);
    else entries.at(-1)?.push(line);
  }
  const plans: LoggedPlan[] = [];
  for (const [header = '', ...rest] of entries) {
    const match = PLAN_HEADER.exec(header.trimEnd());
    if (!match) continue;
    const body = rest.map((line) => line.replace(/^\t/, '')).filter((line) => line.trim() !== '');
    const planStart = body.findIndex((line, i) => i > 0 && PLAN_NODE.test(line));
    const head = planStart === -1 ? body : body.slice(0, planStart);
    const parametersAt = head.findIndex((line) => line.startsWith('Query Parameters: '));
    const queryLines = parametersAt === -1 ? head : head.slice(0, parametersAt);
    plans.push({
      durationMs: Number(match[1]),
      query: queryLines.join('\n').replace(/^Query Text: /, ''),
      parameters:
        parametersAt === -1
          ? null
          : head
              .slice(parametersAt)
              .join('\n')
              .replace(/^Query Parameters: /, ''),
      plan: planStart === -1 ? '' : body.slice(planStart).join('\n'),
    });
  }
  return plans;
}

/** The indexes a text plan uses and the tables it reads with a sequential scan. */
export function summarizeScans(plan: string): ScanSummary {
  const indexes = new Set<string>();
  const seqScans: ScanSummary['seqScans'] = [];
  const lines = plan.split('\n');
  lines.forEach((line, i) => {
    const index =
      /(?:Index Scan|Index Only Scan)(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/.exec(
        line,
      );
    if (index) indexes.add(index[1] ?? index[2] ?? '');
    const seq = /Seq Scan on (\S+).*actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(
      line,
    );
    if (seq) {
      const removedLine = lines
        .slice(i + 1, i + 4)
        .find((l) => l.includes('Rows Removed by Filter:'));
      const loops = Number(seq[3]);
      seqScans.push({
        table: seq[1] ?? '',
        rows: Math.round(Number(seq[2]) * loops),
        removed: Math.round(
          Number(/Rows Removed by Filter: ([\d.]+)/.exec(removedLine ?? '')?.[1] ?? 0) * loops,
        ),
      });
    }
  });
  return { indexes: [...indexes], seqScans };
}

/**
 * One auto_explain message as a client receives it (with `client_min_messages = log`):
 * `duration: … ms  plan:`, the query text, maybe its parameters, then the plan.
 */
export function parsePlanMessage(message: string): LoggedPlan | null {
  const [header = '', ...rest] = message.split('\n');
  const match = /^duration: ([\d.]+) ms {2}plan:$/.exec(header.trim());
  if (!match) return null;
  const body = rest.filter((line) => line.trim() !== '');
  const planStart = body.findIndex((line, i) => i > 0 && PLAN_NODE.test(line));
  const head = planStart === -1 ? body : body.slice(0, planStart);
  const parametersAt = head.findIndex((line) => line.startsWith('Query Parameters: '));
  const queryLines = parametersAt === -1 ? head : head.slice(0, parametersAt);
  return {
    durationMs: Number(match[1]),
    query: queryLines.join('\n').replace(/^Query Text: /, ''),
    parameters: parametersAt === -1 ? null : head.slice(parametersAt).join('\n'),
    plan: planStart === -1 ? '' : body.slice(planStart).join('\n'),
  };
}
