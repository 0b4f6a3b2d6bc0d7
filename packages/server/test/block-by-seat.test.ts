/**
 * Issue #42, scenario 6: `POST /api/blocks {tableId, seat}` told a stranger who sits at a table — by someone who
 * never sat at or watched it, each human seat answered with that player's user id and name and each bot seat with
 * 404. Now only who sat at the table (at the deal) or watched it (stored when they came: `table_watchers`) blocks by
 * seat; every other refusal — a table never visited, a bot's seat, an empty seat, no such table — is the same 404,
 * and no answer names a user id. On SQLite and PostgreSQL (who watched is stored).
 */
import { describe, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import { api, friendsGame, guest, serverPerTest, until } from './helpers.js';
import { DATABASES, storeOn } from './databases.js';

const NOT_FOUND = { status: 404, body: { error: 'ERR_NOT_FOUND', message: 'no such player' } };

describe.each(DATABASES)('blocking by seat on %s', (db) => {
  const startServer = serverPerTest();

  test('only who sat at or watched the table blocks by seat; every other try is one and the same answer', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const url = t.url;
    const g = await friendsGame(url, 2);
    const [anna, ben] = g.users as [(typeof g.users)[0], (typeof g.users)[0]];
    const [annaClient, benClient] = g.clients as [TableClient, TableClient];
    const seats = annaClient.state!.table.seats;
    const benSeat = benClient.state!.table.you;
    const botSeat = seats.findIndex((x) => x.bot);
    expect(botSeat).toBeGreaterThanOrEqual(0);
    const block = (token: string, tableId: string, seat: number) =>
      api(url, '/api/blocks', { token, body: { tableId, seat } });

    // A stranger: every seat of the table (people, bots, none), and a table that does not exist, answer alike.
    const stranger = await guest(url);
    const answers = [];
    for (let seat = 0; seat <= 5; seat++) answers.push(await block(stranger.token, g.code, seat));
    answers.push(await block(stranger.token, 'tnosuchtable', 0));
    for (const a of answers) expect(a).toEqual(NOT_FOUND);
    expect(JSON.stringify(answers)).not.toContain(anna.id);
    expect(JSON.stringify(answers)).not.toContain(ben.id);
    expect((await api(url, '/api/blocks', { token: stranger.token })).body).toEqual({ blocked: [] });

    // A watcher: came to watch, then blocks Ben by his seat; a bot's seat and an empty one are the same 404.
    const fan = await guest(url);
    const watching = new TableClient({ url, token: fan.token, roomId: g.code, retryMs: 100, watch: true });
    await watching.connect();
    await until('the watcher’s snapshot', () => watching.state !== null);
    expect(await block(fan.token, g.code, botSeat)).toEqual(NOT_FOUND);
    expect(await block(fan.token, g.code, 5)).toEqual(NOT_FOUND);
    const blocked = await block(fan.token, g.code, benSeat);
    expect(blocked).toEqual({
      status: 200,
      body: { blocked: [{ name: ben.name, since: expect.any(Number) }] },
    });
    expect(JSON.stringify(blocked.body)).not.toContain(ben.id);
    // Gone from the table, the watcher still may (the record is kept as long as the table's chat).
    watching.vanish();
    expect((await block(fan.token, g.code, annaClient.state!.table.you)).status).toBe(200);

    // A player of the table: the other player's seat, not a bot's.
    expect(await block(anna.token, g.code, botSeat)).toEqual(NOT_FOUND);
    expect((await block(anna.token, g.code, benSeat)).body).toEqual({
      blocked: [{ name: ben.name, since: expect.any(Number) }],
    });
    // Lifted by the name the list shows.
    const lifted = await api(url, '/api/blocks/remove', { token: anna.token, body: { name: ben.name } });
    expect(lifted).toEqual({ status: 200, body: { blocked: [] } });
    // The watcher's table is not another one's: a table they never visited answers as to the stranger.
    const other = await friendsGame(url, 1);
    expect(await block(fan.token, other.code, other.clients[0]!.state!.table.you)).toEqual(NOT_FOUND);
    for (const c of [...g.clients, ...other.clients]) c.vanish();
  });
});
