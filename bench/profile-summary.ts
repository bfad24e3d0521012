import fs from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * The functions that used the most CPU (self time) in a V8 .cpuprofile, counting only its `window`
 * (the bench gives the last seconds: the load; start-up and module loading left out), as "share  function
 * file:line" lines. Native time (better-sqlite3, the socket writes) shows under the JS function
 * that called into it.
 */
export function summarizeProfile(file: string, window: ProfileWindow, top = 25): string[] {
  const { profile, nodes, samples } = readProfile(file, window);
  const selfTime = new Map<string, number>();
  let total = 0;
  samples.forEach(({ id, index }) => {
    const key = frameName(nodes.get(id)!);
    selfTime.set(key, (selfTime.get(key) ?? 0) + profile.timeDeltas[index]!);
    total += profile.timeDeltas[index]!;
  });
  return [...selfTime]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}

/**
 * Which samples a summary counts: the last `windowMs` milliseconds before the profile's end (a number),
 * or those from `fromMs` to `toMs` after its start.
 */
export type ProfileWindow = number | { fromMs: number; toMs: number };

/** A .cpuprofile, its nodes by id, each sample's time from the start (ms), and the window's samples. */
function readProfile(file: string, window: ProfileWindow) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const atMs: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) atMs.push((clock += delta) / 1000);
  const [fromMs, toMs] =
    typeof window === 'number' ? [clock / 1000 - window, Infinity] : [window.fromMs, window.toMs];
  const samples = profile.samples
    .map((id, index) => ({ id, index }))
    .filter(({ index }) => atMs[index]! >= fromMs && atMs[index]! <= toMs);
  return { profile, nodes, samples, atMs };
}

/**
 * How busy the thread was in each `sliceMs` of the profile, from its start: the share of each slice's
 * time not spent idle. Shows when a burst of work began and ended (a restarted server's first second
 * under load, say), to choose the window that summarizeProfile is then given.
 */
export function busySlices(file: string, sliceMs = 100): string {
  const { profile, nodes, atMs } = readProfile(file, { fromMs: 0, toMs: Infinity });
  const slices: Array<{ busy: number; all: number }> = [];
  profile.samples.forEach((id, index) => {
    const slice = (slices[Math.floor(atMs[index]! / sliceMs)] ??= { busy: 0, all: 0 });
    const delta = profile.timeDeltas[index]!;
    slice.all += delta;
    if (nodes.get(id)!.callFrame.functionName !== '(idle)') slice.busy += delta;
  });
  // flatMap skips the slices with no sample (holes in the array).
  return slices
    .flatMap(
      (slice, index) =>
        `${((index * sliceMs) / 1000).toFixed(1)}s ${Math.round((100 * slice.busy) / slice.all)}%`,
    )
    .join('  ');
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
}

const NOT_WORK = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/**
 * Time inside each named function of the server's own code and of the response serializer's zod
 * (its self time and everything it called: inclusive), as a share of the main thread's busy time
 * (idle left out; the garbage collector and V8's own work, which sit at the root, count as busy)
 * during `window`. Self time spreads a cost over the library functions it ends in (Kysely's
 * building, zod's checks); this names the caller that pays it. Time after an `await` is counted
 * under the function that resumed, not the one that started the work.
 */
export function summarizeInclusive(file: string, window: ProfileWindow, top = 20): string[] {
  const { profile, nodes, samples } = readProfile(file, window);
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inside = new Map<string, number>();
  let busy = 0;
  samples.forEach(({ id, index }) => {
    if (nodes.get(id)!.callFrame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[index]!;
    busy += delta;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = nodes.get(at)!;
      const { functionName, url } = node.callFrame; // anonymous ones too: route handlers, hooks, the serializer
      if (NOT_WORK.has(functionName)) continue;
      if (!/bundle\/main\.js|\/src\/|zod\/v4\/core\/parse/.test(url)) continue;
      const key = frameName(node);
      if (seen.has(key)) continue; // a recursive call counts once
      seen.add(key);
      inside.set(key, (inside.get(key) ?? 0) + delta);
    }
  });
  return [...inside]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, time]) => `${((100 * time) / Math.max(1, busy)).toFixed(1).padStart(5)}%  ${key}`);
}
