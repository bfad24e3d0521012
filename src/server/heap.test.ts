import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NO_PRETENURING } from './heap';

/**
 * Objects from one literal that outlive scavenges, as the queued polls of a reconnecting fleet do:
 * with pretenuring, V8 weighs allocating that literal's next objects in the old generation, and
 * --trace-pretenuring-statistics prints each step towards it ("=> maybe tenure", "=> tenure"; which
 * of the two this short run reaches depends on when V8 optimizes the loop).
 */
const SURVIVING_LITERALS = `
  const kept = [];
  const request = (i) => ({ id: i, tags: [i, i + 1], name: 'tv-' + i });
  for (let round = 0; round < 200; round += 1) {
    for (let i = 0; i < 20000; i += 1) kept.push(request(i));
    if (kept.length > 200000) kept.splice(0, 100000);
  }
`;

/**
 * The child runs plain JavaScript, the flag set as keepRequestObjectsYoung sets it: a loader such as
 * tsx compiles on a thread of its own, whose literals can take a step before the flag is set.
 */
function stepsTowardsTenure(prelude: string): number {
  const child = spawnSync(
    process.execPath,
    ['--trace-pretenuring-statistics', '-e', prelude + SURVIVING_LITERALS],
    { cwd: process.cwd(), encoding: 'utf8' },
  );
  expect(child.status, child.stderr).toBe(0);
  return child.stdout.split('\n').filter((line) => /=> (maybe )?tenure/.test(line)).length;
}

describe('keepRequestObjectsYoung', () => {
  it('stops V8 from pretenuring the literals whose objects survived a scavenge', () => {
    // Without it the workload is pretenured: the check below would pass for want of a decision otherwise.
    expect(stepsTowardsTenure('')).toBeGreaterThan(0);
    expect(stepsTowardsTenure(`require('node:v8').setFlagsFromString('${NO_PRETENURING}');`)).toBe(0);
  });
});
