/**
 * A second opinion on wrk's latency (decision 0020): `connections` keep-alive sockets, each sending its
 * next GET as soon as the last response ended, for `seconds`; prints requests/s and p50/p99/max.
 * Node's own client, so it costs the machine more CPU than wrk: compare latencies at the same rate,
 * not rates.
 *
 *   npx tsx bench/closed-loop.ts http://127.0.0.1:3999/ 50 12
 */
import http from 'node:http';

const [url = 'http://127.0.0.1:3999/', connections = '50', seconds = '12'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const latencies: number[] = [];
const end = Date.now() + Number(seconds) * 1000;

function get(): Promise<void> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
          resolve();
        });
      })
      .on('error', reject);
  });
}

await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (Date.now() < end) await get();
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
console.log(
  `${Math.round(latencies.length / Number(seconds))} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${latencies.length} requests, ${connections} connections)`,
);
