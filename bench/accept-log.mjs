/**
 * Preloaded into a server (node --import), records when it accepts each connection, how many turns
 * of its event loop took them in, and how long each connection's first request came after its accept
 * (decision 0039). At exit a process that accepted at least ACCEPT_LOG_MIN connections (default 40)
 * writes one summary to ACCEPT_LOG_DIR (default the system's temporary folder), accepts-PID.txt,
 * about its last burst of up to 1,000 connections. Plain JavaScript, so NODE_OPTIONS can carry it
 * into every process a bench starts; only the ones that accept connections write:
 *
 *   NODE_OPTIONS="--import $PWD/bench/accept-log.mjs" ACCEPT_LOG_DIR=/tmp \
 *     npx tsx bench/run.ts --db postgres --scenarios f
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const minimum = Number(process.env.ACCEPT_LOG_MIN ?? 40);
/**
 * [ms since this process started, the turn of the event loop it came in, the loop's utilization so
 * far] per accepted connection.
 */
const accepts = [];
const firstRequestAfterAccept = [];
/** Turns of the event loop that accepted a connection; the current one's number while it runs. */
let turn = 0;
let inTurn = false;

const emit = net.Server.prototype.emit;
net.Server.prototype.emit = function emitLogged(event, ...rest) {
  if (event === 'connection') {
    if (!inTurn) {
      // Accepts happen in the poll phase; this turn's check phase runs the callback, so a second
      // accept before it is in the same turn. Scheduled only on an accept: an idle loop stays idle.
      inTurn = true;
      turn += 1;
      setImmediate(() => (inTurn = false));
    }
    const socket = rest[0];
    socket.acceptedAt = performance.now();
    accepts.push([socket.acceptedAt, turn, performance.eventLoopUtilization()]);
  } else if (event === 'request') {
    const socket = rest[0]?.socket;
    if (socket?.acceptedAt !== undefined && !socket.requested) {
      socket.requested = true;
      firstRequestAfterAccept.push(performance.now() - socket.acceptedAt);
    }
  }
  return emit.call(this, event, ...rest);
};

function summary() {
  const burst = accepts.slice(-1000);
  const first = burst[0][0];
  const perTurn = new Map();
  for (const [, turn] of burst) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
  const by = [100, 250, 500, 1000, 2000]
    .map((ms) => `${ms} ms: ${burst.filter(([at]) => at - first <= ms).length}`)
    .join(', ');
  // How busy the main thread was while the burst came in: near 1, each turn was work, not waiting.
  const busy = performance.eventLoopUtilization(burst[burst.length - 1][2], burst[0][2]).utilization;
  const waits = firstRequestAfterAccept.slice(-burst.length).sort((a, b) => a - b);
  const at = (q) => waits[Math.min(waits.length - 1, Math.floor(waits.length * q))].toFixed(1);
  return [
    `accepted ${burst.length} connections over ${(burst[burst.length - 1][0] - first).toFixed(0)} ms, in ${perTurn.size} turns of the event loop, at most ${Math.max(...perTurn.values())} in one turn; the event loop busy ${(100 * busy).toFixed(0)}% of that time`,
    `accepted within ${by}`,
    waits.length ? `first request after its accept: p50 ${at(0.5)} ms, max ${at(1)} ms` : 'no request',
  ].join('\n');
}

process.on('exit', () => {
  if (accepts.length < minimum) return;
  const file = path.join(process.env.ACCEPT_LOG_DIR ?? os.tmpdir(), `accepts-${process.pid}.txt`);
  fs.writeFileSync(file, `${summary()}\n`);
});
// A server stopped by a signal exits through its own handler, or through this one when it has none.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.prependListener(signal, () => {
    if (process.listenerCount(signal) === 1) process.exit(0);
  });
}
