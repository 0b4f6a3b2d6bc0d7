/**
 * The friends' lobby as a pure reducer: a {@link Lobby} and an input give the next lobby and the effects the room
 * carries out (open or close a member's reconnection window, refuse the input with an error). The room
 * (`table-room.ts`) holds the lobby in its phase and runs {@link reduceLobby} for every lobby input; after each step
 * that is not refused it stores the lobby when it changed (`friends.ts` `LobbyKeeper`) and sends every member their
 * {@link lobbyMessage}.
 *
 * Who is connected is the room's (its connections): the reducer asks `online(userId)`. A member is present when
 * online and not {@link Lobby.lingering} (still at the result of the game the room was reopened from).
 *
 * ```ts
 * let lobby = newLobby({ rules: DEFAULT_RULES, botLevel: 'medium' });
 * ({ lobby } = reduceLobby(lobby, { type: 'join', userId: 'u1', name: 'Ann' }, online)); // Ann hosts
 * const { lobby: next, effects } = reduceLobby(lobby, { type: 'away', userId: 'u1' }, online);
 * // effects: [{ kind: 'openWindow', userId: 'u1' }]
 * ```
 */
import { parseRules, type Rules } from '@hearts/engine';
import type { BotLevel, ErrorMessage, LobbyMessage } from '@hearts/protocol/socket';

/** A member of a friends' room. */
export interface Member {
  readonly userId: string;
  readonly name: string;
}

/** The table a friends' room will start: its rules and the bots' level. */
export interface LobbyOptions {
  readonly rules: Rules;
  readonly botLevel: BotLevel;
}

/**
 * A friends' room before its game. Invariants: at most `options.rules.players` members, each user once; the host
 * is a member, or null only without members; `lingering` holds members only.
 */
export interface Lobby {
  readonly hostId: string | null; // chooses the options and starts
  readonly members: readonly Member[]; // in the order they came
  readonly options: LobbyOptions;
  readonly lingering: ReadonlySet<string>; // reopened after its game: members still at the result (no lobby for them)
}

/** What the room does after a step: a member's reconnection window opened or closed, or the input refused. */
export type LobbyEffect =
  | { readonly kind: 'openWindow'; readonly userId: string } // when it runs out: `windowOut`
  | { readonly kind: 'closeWindow'; readonly userId: string }
  | { readonly kind: 'refuse'; readonly error: ErrorMessage }; // to the sender; the lobby is unchanged

/** What changes a lobby. */
export type LobbyInput =
  | { readonly type: 'join'; readonly userId: string; readonly name: string } // a connection came (or came back)
  | { readonly type: 'leave'; readonly userId: string } // left on purpose
  | { readonly type: 'away'; readonly userId: string } // the connection dropped: the window opens
  | { readonly type: 'windowOut'; readonly userId: string } // did not come back in time
  | { readonly type: 'comeBack'; readonly userId: string; readonly name: string } // from the result (`again`)
  | { readonly type: 'welcomeBack'; readonly members: readonly Member[]; readonly hostId: string | null }
  | {
      readonly type: 'options';
      readonly userId: string;
      readonly rules: Record<string, unknown>;
      readonly botLevel: BotLevel;
    };

/** The next lobby and what the room does; after a step that is not refused, every member is sent the lobby. */
export interface LobbyStep {
  readonly lobby: Lobby;
  readonly effects: readonly LobbyEffect[];
}

const NOBODY: ReadonlySet<string> = new Set();

/** A new, empty lobby. */
export function newLobby(options: LobbyOptions): Lobby {
  return { hostId: null, members: [], options, lingering: NOBODY };
}

/**
 * A lobby of members who are not here yet (restored after a restart, or reopened after its game): each has the
 * reconnection window to come; `lingering` are those online but still at the result.
 */
export function awaitedLobby(
  members: readonly Member[],
  hostId: string | null,
  options: LobbyOptions,
  lingering: ReadonlySet<string> = NOBODY,
): LobbyStep {
  const kept = members.map((m) => ({ userId: m.userId, name: m.name }));
  return {
    lobby: {
      hostId: hostId && kept.some((m) => m.userId === hostId) ? hostId : null,
      members: kept,
      options,
      lingering: new Set([...lingering].filter((u) => kept.some((m) => m.userId === u))),
    },
    effects: kept.map((m) => ({ kind: 'openWindow', userId: m.userId })),
  };
}

export const isMember = (l: Lobby, userId: string): boolean => l.members.some((m) => m.userId === userId);

/** Online and not still at the result of the last game. */
export const isPresent = (l: Lobby, userId: string, online: (userId: string) => boolean): boolean =>
  online(userId) && !l.lingering.has(userId);

const full = (l: Lobby): boolean => l.members.length >= l.options.rules.players;

const refuse = (l: Lobby, error: ErrorMessage): LobbyStep => ({
  lobby: l,
  effects: [{ kind: 'refuse', error }],
});

function without(set: ReadonlySet<string>, userId: string): ReadonlySet<string> {
  if (!set.has(userId)) return set;
  const next = new Set(set);
  next.delete(userId);
  return next;
}

/** The member is gone; the host's part passes to the first member left. */
function removed(l: Lobby, userId: string): LobbyStep {
  const members = l.members.filter((m) => m.userId !== userId);
  return {
    lobby: {
      ...l,
      members,
      hostId: l.hostId === userId ? (members[0]?.userId ?? null) : l.hostId,
      lingering: without(l.lingering, userId),
    },
    effects: [{ kind: 'closeWindow', userId }],
  };
}

/** Why `userId` may not choose the options or start: null for the host. */
export function hostRefusal(l: Lobby, userId: string): ErrorMessage | null {
  return userId === l.hostId
    ? null
    : { code: 'ERR_NOT_HOST', message: 'only the host chooses the options and starts' };
}

/** One step of the lobby. */
export function reduceLobby(l: Lobby, input: LobbyInput, online: (userId: string) => boolean): LobbyStep {
  switch (input.type) {
    case 'join': {
      const member = isMember(l, input.userId);
      if (!member && full(l)) return refuse(l, { code: 'ERR_NOT_NOW', message: 'the room is full' });
      const members = member ? l.members : [...l.members, { userId: input.userId, name: input.name }];
      // (Re)joining the room is coming back to it; a room without a host gets one.
      const lingering = without(l.lingering, input.userId);
      return { lobby: { ...l, members, lingering, hostId: l.hostId ?? input.userId }, effects: [] };
    }
    case 'leave':
      return removed(l, input.userId);
    case 'away':
      return isMember(l, input.userId)
        ? { lobby: l, effects: [{ kind: 'openWindow', userId: input.userId }] }
        : { lobby: l, effects: [] };
    case 'windowOut':
      if (isPresent(l, input.userId, online)) return { lobby: l, effects: [] };
      return removed(l, input.userId);
    case 'comeBack': {
      if (!l.lingering.has(input.userId) && isMember(l, input.userId))
        return refuse(l, { code: 'ERR_NOT_NOW', message: 'no game is over here' });
      let members = l.members;
      if (!isMember(l, input.userId)) {
        if (full(l)) return refuse(l, { code: 'ERR_NOT_NOW', message: 'the room is full' });
        members = [...members, { userId: input.userId, name: input.name }];
      }
      return {
        lobby: {
          ...l,
          members,
          lingering: without(l.lingering, input.userId),
          hostId: l.hostId ?? input.userId,
        },
        effects: [{ kind: 'closeWindow', userId: input.userId }],
      };
    }
    case 'welcomeBack': {
      const members = [...l.members];
      const effects: LobbyEffect[] = [];
      for (const m of input.members) {
        if (members.some((x) => x.userId === m.userId)) continue;
        if (members.length >= l.options.rules.players) break;
        members.push({ userId: m.userId, name: m.name });
        if (!online(m.userId)) effects.push({ kind: 'openWindow', userId: m.userId });
      }
      let hostId = l.hostId;
      const hostHere = hostId !== null && isPresent(l, hostId, online);
      if (input.hostId && members.some((m) => m.userId === input.hostId) && !hostHere) hostId = input.hostId;
      hostId ??= members[0]?.userId ?? null;
      return { lobby: { ...l, members, hostId }, effects };
    }
    case 'options': {
      const notHost = hostRefusal(l, input.userId);
      if (notHost) return refuse(l, notHost);
      // The rules are the engine's to check; the message's shape was checked on arrival (its schema).
      const rules = parseRules(input.rules);
      if (!rules.ok) return refuse(l, { code: 'ERR_BAD_OPTIONS', message: rules.error.message });
      if (rules.value.players < l.members.length)
        return refuse(l, { code: 'ERR_BAD_OPTIONS', message: 'more people are here than seats' });
      return { lobby: { ...l, options: { rules: rules.value, botLevel: input.botLevel } }, effects: [] };
    }
  }
}

/** The members present now, in the order they came: those a start seats. */
export const presentMembers = (l: Lobby, online: (userId: string) => boolean): Member[] =>
  l.members.filter((m) => isPresent(l, m.userId, online));

/** What the store keeps of a lobby, as a key that changes when it does: '' for nothing (no members). */
export const lobbyKey = (l: Lobby): string =>
  l.members.length === 0 ? '' : JSON.stringify([l.hostId, l.members, l.options]);

/** The lobby as one member sees it. */
export function lobbyMessage(
  l: Lobby,
  code: string,
  viewerId: string,
  online: (userId: string) => boolean,
  reconnectMs: number,
): LobbyMessage {
  return {
    code,
    members: l.members.map((x) => ({
      name: x.name,
      host: x.userId === l.hostId,
      you: x.userId === viewerId,
      connected: isPresent(l, x.userId, online),
    })),
    options: { rules: l.options.rules, botLevel: l.options.botLevel },
    players: l.options.rules.players,
    reconnectMs,
  };
}
