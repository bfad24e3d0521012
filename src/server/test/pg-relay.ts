import net from 'node:net';

/** The startup packets' codes that the server answers with one byte, after which the real startup follows. */
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/**
 * A TCP relay to a PostgreSQL server, on 127.0.0.1, that counts the round trips its clients make: each
 * Sync (the end of an extended-protocol batch) and each simple Query is answered by one ReadyForQuery,
 * which the client waits for. Reads the client's messages as they pass and changes nothing.
 */
export async function startPgRelay(target: string): Promise<{
  /** `target` with the relay's host and port. */
  url: string;
  roundTrips: () => number;
  close: () => Promise<void>;
}> {
  const upstream = new URL(target);
  let roundTrips = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const postgres = net.connect(Number(upstream.port || 5432), upstream.hostname);
    for (const socket of [client, postgres]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        postgres.destroy();
      });
    }
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // Startup packets have no type byte; every later message has one before its length.
        const header = started ? 5 : 8;
        if (pending.length < header) break;
        const length = started ? pending.readInt32BE(1) + 1 : pending.readInt32BE(0);
        if (pending.length < length) break;
        if (!started) {
          const code = pending.readInt32BE(4);
          started = code !== SSL_REQUEST && code !== GSS_REQUEST;
        } else if (pending[0] === 0x53 /* S: Sync */ || pending[0] === 0x51 /* Q: Query */) {
          roundTrips += 1;
        }
        pending = pending.subarray(length);
      }
    });
    client.pipe(postgres);
    postgres.pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    roundTrips: () => roundTrips,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
