/**
 * The load-generator half of a bench: forks the bench's server process, drives scenarios with
 * autocannon, and collects the server's own timings of each scenario over IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import autocannon from 'autocannon';

export interface Ready<Sample> {
  type: 'ready';
  port: number;
  token: string;
  engine: string;
  sample: Sample;
}

/** GET calls with the run's headers (`paths`), or calls each with headers of their own (`requests`, which win). */
export interface Scenario {
  name: string;
  paths: string[];
  requests?: { method: 'GET'; path: string; headers: Record<string, string> }[];
}

const requestsOf = (s: Scenario, headers: Record<string, string>) =>
  s.requests ?? s.paths.map((path) => ({ method: 'GET' as const, path, headers }));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
export const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

export interface BenchChild {
  child: ChildProcess;
  next<T>(type: string, name?: string): Promise<T>;
}

/** Starts `serverScript` (a module calling `startBenchServer`) and forwards its log lines. */
export function forkBenchServer(serverScript: string): BenchChild {
  const child = fork(serverScript, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (m: { type: string; line?: string }) => {
    if (m.type === 'log') console.info(m.line);
  });
  const next = <T>(type: string, name?: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { type: string; name?: string }) => {
        if (message.type === type && (name === undefined || message.name === name)) {
          child.off('message', listener);
          resolve(message as T);
        }
      };
      child.on('message', listener);
    });
  return { child, next };
}

export const SCENARIO_HEAD = [
  'scenario',
  'requests',
  'req/s',
  'server p50',
  'server p95',
  'server p99',
  'client p95',
  'non-2xx',
];

/** Runs each scenario for `duration` seconds over `connections`; one table row per scenario. */
export async function runScenarios(
  bench: BenchChild,
  options: { base: string; headers: Record<string, string>; connections: number; duration: number },
  scenarios: Scenario[],
): Promise<string[][]> {
  // Warm-up: every path once, so the first scenario does not pay for cold caches and the JIT.
  for (const s of scenarios)
    for (const r of requestsOf(s, options.headers)) {
      const res = await fetch(`${options.base}${r.path}`, { headers: r.headers });
      if (res.status >= 300) throw new Error(`${r.path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }

  const rows: string[][] = [];
  for (const s of scenarios) {
    bench.child.send({ type: 'label', name: s.name });
    await bench.next('labelled', s.name);
    const client: number[] = [];
    let non2xx = 0;
    const instance = autocannon({
      url: options.base,
      connections: options.connections,
      duration: options.duration,
      requests: requestsOf(s, options.headers),
    });
    instance.on('response', (_c: unknown, status: number, _bytes: number, time: number) => {
      client.push(time);
      if (status >= 300) non2xx++;
    });
    const result = await instance;
    bench.child.send({ type: 'stats', name: s.name });
    const { durations } = await bench.next<{ durations: number[] }>('stats', s.name);
    const server = [...durations].sort((a, b) => a - b);
    client.sort((a, b) => a - b);
    rows.push([
      s.name,
      String(result.requests.total),
      result.requests.average.toFixed(0),
      ms(percentile(server, 0.5)),
      ms(percentile(server, 0.95)),
      ms(percentile(server, 0.99)),
      ms(percentile(client, 0.95)),
      String(non2xx),
    ]);
    console.info(`  ${s.name}: server p95 ${ms(percentile(server, 0.95))} ms`);
  }
  return rows;
}

export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.info(line(head));
  for (const r of rows) console.info(line(r));
}
