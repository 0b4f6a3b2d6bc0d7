/**
 * The server's live tables under the host contract (`@hearts/table/host-contract`): the person at a friends' table
 * with three bots, through the live client (`TableClient`, a `Seat`); a restart closes the server and starts it
 * again on the same database, the table restored from its events, and the person joins it again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableClient } from '@hearts/live';
import { hostContract, type HostUnderTest } from '@hearts/table/host-contract';
import { connect, friendsGame, guest, startTestServer, until, type TestServer } from './helpers.js';

async function serverHost(): Promise<HostUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'hearts-host-contract-'));
  let server: TestServer | null = await startTestServer({}, {}, dir);
  let person: { token: string; roomId: string } | null = null;
  const clients: TableClient[] = [];
  return {
    name: 'server',
    async open(rules) {
      const game = await friendsGame(server!.url, 1, rules);
      const client = game.clients[0]!;
      clients.push(client);
      person = { token: game.users[0]!.token, roomId: client.roomId };
      return client;
    },
    async until(seat, what, done) {
      await until(what, () => seat.state !== null && done(seat.state));
    },
    async restart(seat) {
      (seat as TableClient).vanish();
      await server!.server.close();
      server = null;
      server = await startTestServer({}, {}, dir);
      const client = await connect(server.url, person!.token, person!.roomId);
      clients.push(client);
      return client;
    },
    async takeover(seat) {
      await (seat as TableClient).leave(); // for good: a bot takes the seat
      const fan = await guest(server!.url);
      const watcher = new TableClient({
        url: server!.url,
        token: fan.token,
        roomId: person!.roomId,
        retryMs: 100,
        watch: true,
      });
      clients.push(watcher);
      await watcher.connect();
      return watcher;
    },
    undo: null,
    async close() {
      for (const c of clients) c.vanish();
      await server?.server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

hostContract(serverHost);
