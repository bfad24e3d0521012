import fs from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * The functions that used the most CPU (self time) in a V8 .cpuprofile, counting only the last
 * `windowMs` before its end (the load; start-up and module loading left out), as "share  function
 * file:line" lines. Native time (better-sqlite3, the socket writes) shows under the JS function
 * that called into it.
 */
export function summarizeProfile(file: string, windowMs: number, top = 25): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  const from = clock - windowMs * 1000;
  const selfTime = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    if (at[index]! < from) return;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
    selfTime.set(key, (selfTime.get(key) ?? 0) + profile.timeDeltas[index]!);
    total += profile.timeDeltas[index]!;
  });
  return [...selfTime]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}
