import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@hearts/engine';
import { lobbyMessageSchema } from '@hearts/protocol/socket';
import {
  awaitedLobby,
  hostRefusal,
  lobbyKey,
  lobbyMessage,
  newLobby,
  presentMembers,
  reduceLobby,
  type Lobby,
  type LobbyInput,
} from './lobby.js';

const options = { rules: DEFAULT_RULES, botLevel: 'medium' as const };
const ann = { userId: 'ann', name: 'Ann' };
const bob = { userId: 'bob', name: 'Bob' };
const cy = { userId: 'cy', name: 'Cy' };
const dee = { userId: 'dee', name: 'Dee' };
const eve = { userId: 'eve', name: 'Eve' };

/** Runs inputs from a lobby; everyone named in `online` has a connection. */
function run(lobby: Lobby, inputs: readonly LobbyInput[], online: readonly string[] = []) {
  const here = (u: string) => online.includes(u);
  const effects = [];
  for (const input of inputs) {
    const step = reduceLobby(lobby, input, here);
    lobby = step.lobby;
    effects.push(...step.effects);
  }
  return { lobby, effects };
}

const joins = (...people: { userId: string; name: string }[]): LobbyInput[] =>
  people.map((p) => ({ type: 'join', ...p }));

describe('the friends’ lobby', () => {
  it('the first to join hosts; members in the order they came; nothing else happens', () => {
    const { lobby, effects } = run(newLobby(options), joins(ann, bob));
    expect(lobby.hostId).toBe('ann');
    expect(lobby.members).toEqual([ann, bob]);
    expect(effects).toEqual([]);
  });

  it('a full room refuses a newcomer, but a member may join again', () => {
    const full = run(newLobby(options), joins(ann, bob, cy, dee)).lobby;
    expect(reduceLobby(full, { type: 'join', ...eve }, () => false).effects).toEqual([
      { kind: 'refuse', error: { code: 'ERR_NOT_NOW', message: 'the room is full' } },
    ]);
    const again = reduceLobby(full, { type: 'join', ...bob }, () => false);
    expect(again.effects).toEqual([]);
    expect(again.lobby.members).toEqual(full.members);
  });

  it('a dropped member keeps the place for the window; when it runs out they are left out', () => {
    const start = run(newLobby(options), joins(ann, bob)).lobby;
    const away = reduceLobby(start, { type: 'away', userId: 'bob' }, (u) => u === 'ann');
    expect(away.lobby).toBe(start);
    expect(away.effects).toEqual([{ kind: 'openWindow', userId: 'bob' }]);
    const out = reduceLobby(away.lobby, { type: 'windowOut', userId: 'bob' }, (u) => u === 'ann');
    expect(out.lobby.members).toEqual([ann]);
    expect(out.effects).toEqual([{ kind: 'closeWindow', userId: 'bob' }]);
    // Back in time: the window's end changes nothing.
    const back = reduceLobby(away.lobby, { type: 'windowOut', userId: 'bob' }, () => true);
    expect(back.lobby.members).toEqual([ann, bob]);
  });

  it('a host who leaves hands the room to the first member left', () => {
    const { lobby, effects } = run(newLobby(options), [
      ...joins(ann, bob, cy),
      { type: 'leave', userId: 'ann' },
    ]);
    expect(lobby.hostId).toBe('bob');
    expect(lobby.members).toEqual([bob, cy]);
    expect(effects).toEqual([{ kind: 'closeWindow', userId: 'ann' }]);
    expect(
      run(lobby, [
        { type: 'leave', userId: 'bob' },
        { type: 'leave', userId: 'cy' },
      ]).lobby.hostId,
    ).toBeNull();
  });

  it('only the host chooses the options, within the rules and never fewer seats than people', () => {
    const lobby = run(newLobby(options), joins(ann, bob, cy)).lobby;
    const choose = (userId: string, rules: Record<string, unknown>) =>
      reduceLobby(lobby, { type: 'options', userId, rules, botLevel: 'hard' }, () => true);
    expect(choose('bob', { targetScore: 50 }).effects).toEqual([
      { kind: 'refuse', error: hostRefusal(lobby, 'bob') },
    ]);
    expect(choose('ann', { targetScore: 'lots' }).effects[0]).toMatchObject({
      kind: 'refuse',
      error: { code: 'ERR_BAD_OPTIONS' },
    });
    expect(choose('ann', { players: 3 }).lobby.options.rules.players).toBe(3);
    const fewer = run(lobby, joins(dee)).lobby;
    expect(
      reduceLobby(
        fewer,
        { type: 'options', userId: 'ann', rules: { players: 3 }, botLevel: 'easy' },
        () => true,
      ).effects,
    ).toEqual([
      { kind: 'refuse', error: { code: 'ERR_BAD_OPTIONS', message: 'more people are here than seats' } },
    ]);
    const chosen = choose('ann', { targetScore: 50 }).lobby.options;
    expect([chosen.rules.targetScore, chosen.botLevel]).toEqual([50, 'hard']);
  });

  it('reopened after its game: everyone has a window, those still at the result linger until they come back', () => {
    const { lobby, effects } = awaitedLobby([ann, bob, cy], 'ann', options, new Set(['ann', 'bob']));
    expect(effects).toEqual([ann, bob, cy].map((m) => ({ kind: 'openWindow', userId: m.userId })));
    expect([...lobby.lingering]).toEqual(['ann', 'bob']);
    const online = (u: string) => u === 'ann' || u === 'bob';
    expect(presentMembers(lobby, online)).toEqual([]);
    const back = reduceLobby(lobby, { type: 'comeBack', ...bob }, online);
    expect([...back.lobby.lingering]).toEqual(['ann']);
    expect(back.effects).toEqual([{ kind: 'closeWindow', userId: 'bob' }]);
    expect(presentMembers(back.lobby, online)).toEqual([bob]);
    // Back already: nothing to come back from.
    expect(reduceLobby(back.lobby, { type: 'comeBack', ...bob }, online).effects).toEqual([
      { kind: 'refuse', error: { code: 'ERR_NOT_NOW', message: 'no game is over here' } },
    ]);
  });

  it('one left out (their window ran out) comes back while a place is free', () => {
    const left = run(newLobby(options), joins(ann, bob, cy, dee)).lobby;
    const out = reduceLobby(left, { type: 'windowOut', userId: 'dee' }, () => false).lobby;
    const back = reduceLobby(out, { type: 'comeBack', ...dee }, () => true);
    expect(back.lobby.members).toEqual([ann, bob, cy, dee]);
    const full = run(out, joins(eve)).lobby;
    expect(reduceLobby(full, { type: 'comeBack', ...dee }, () => true).effects[0]).toMatchObject({
      kind: 'refuse',
      error: { message: 'the room is full' },
    });
  });

  it('welcomes the players of a later game back; the host returns unless the room’s host is here', () => {
    const room = run(newLobby(options), joins(bob)).lobby;
    const away = reduceLobby(
      room,
      { type: 'welcomeBack', members: [ann, bob, cy], hostId: 'ann' },
      () => false,
    );
    expect(away.lobby.members).toEqual([bob, ann, cy]);
    expect(away.lobby.hostId).toBe('ann'); // bob, the host here, is not connected
    expect(away.effects).toEqual([
      { kind: 'openWindow', userId: 'ann' },
      { kind: 'openWindow', userId: 'cy' },
    ]);
    const here = reduceLobby(
      room,
      { type: 'welcomeBack', members: [ann], hostId: 'ann' },
      (u) => u === 'bob',
    );
    expect(here.lobby.hostId).toBe('bob');
  });

  it('the lobby as each member sees it, and what the store keeps', () => {
    const lobby = awaitedLobby([ann, bob], 'ann', options, new Set(['bob'])).lobby;
    const m = lobbyMessage(lobby, 'ABCD', 'bob', () => true, 60_000);
    expect(m.members).toEqual([
      { name: 'Ann', host: true, you: false, connected: true },
      { name: 'Bob', host: false, you: true, connected: false }, // still at the result
    ]);
    expect([m.code, m.players, m.reconnectMs]).toEqual(['ABCD', 4, 60_000]);
    expect(lobbyMessageSchema.safeParse(m).success).toBe(true); // the message the clients' type describes
    expect(lobbyKey(newLobby(options))).toBe('');
    expect(lobbyKey(lobby)).not.toBe(lobbyKey(run(lobby, [{ type: 'leave', userId: 'bob' }]).lobby));
    // Who lingers is not stored: it does not change the key.
    expect(lobbyKey(lobby)).toBe(lobbyKey({ ...lobby, lingering: new Set() }));
  });
});
