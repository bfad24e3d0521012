import v8 from 'node:v8';

export const NO_PRETENURING = '--no-allocation-site-pretenuring';

/**
 * Turns off V8's allocation-site pretenuring for this process (decision 0036). V8 allocates an
 * object literal's later copies straight in the old generation once most of that literal's objects
 * survived a scavenge. A server does see that, but only when it starts: the TVs that reconnect at
 * once after a restart queue their polls for a moment, so every object of those requests outlives a
 * scavenge, and the request path's literals are marked long-lived for good. Every poll's objects then
 * went to the old generation and stayed there, dead, until a full collection: 1,000 TVs polling once
 * a second added 6 MB a second, and the server ran at 217-224 MB instead of 155-161 MB in about half
 * the bench's (f) runs (whether a scavenge fell inside the burst decided which). Without pretenuring
 * those objects die young, where they cost nothing; objects that do live long are copied once more
 * before they are promoted.
 *
 * Set while the process runs, before the server listens: the flag is read at each scavenge, and
 * Node accepts no V8 heap flags in NODE_OPTIONS, which would leave it to every way of starting us.
 */
export function keepRequestObjectsYoung(): void {
  v8.setFlagsFromString(NO_PRETENURING);
}
