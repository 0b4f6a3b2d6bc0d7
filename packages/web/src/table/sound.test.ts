import {
  applyMove,
  dealRandom,
  legalMoves,
  newGame,
  observation,
  makeCard,
  seatsToAct,
  randomInt,
  seededRandom,
  handSummary,
  type GameState,
  type Rules,
} from '@hearts/engine';
import type { LiveState } from '@hearts/table';
import type { TableInfo } from '@hearts/protocol/socket';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { soundsFor, webAudioSound, type SoundName } from './sound';

const TABLE: TableInfo = {
  id: 'T',
  kind: 'friends',
  rated: false,
  you: 0,
  seats: [],
  clocks: [],
  kickable: [],
  kickVotes: [],
  now: 0,
  graceMs: 0,
  bankMs: 0,
};

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** Plays a hand with random legal moves, seat 0's picture after every step, and what each step was. */
function playHand(rules: Partial<Rules>, seed: number) {
  const rng = seededRandom(seed);
  let g: GameState = dealRandom(must(newGame(rules)), rng);
  const states: LiveState[] = [{ v: 1, table: TABLE, view: observation(g, 0), event: { type: 'join' } }];
  const sounds: SoundName[] = [];
  while (g.phase === 'pass' || g.phase === 'play' || g.phase === 'moon') {
    const seat = seatsToAct(g)[0]!;
    let event: LiveState['event'];
    if (g.phase === 'pass') {
      const cards = legalMoves(g, seat).toArray().slice(0, g.rules.passCards);
      g = must(applyMove(g, seat, { kind: 'pass', cards }));
      event = { type: 'pass', seat };
    } else if (g.phase === 'play') {
      const legal = legalMoves(g, seat).toArray();
      const card = legal[randomInt(rng, legal.length)]!;
      g = must(applyMove(g, seat, { kind: 'play', card }));
      event = { type: 'play', seat, card: makeCard(card) };
    } else {
      g = must(applyMove(g, seat, { kind: 'moon', choice: 'minus' }));
      event = { type: 'moon', seat, choice: 'minus' };
    }
    const next: LiveState = { v: states.length + 1, table: TABLE, view: observation(g, 0), event };
    sounds.push(...soundsFor(states[states.length - 1]!, next));
    states.push(next);
  }
  return { g, sounds, states };
}

const count = (xs: readonly SoundName[], s: SoundName) => xs.filter((x) => x === s).length;

describe('the sounds of a table', () => {
  test.each([
    [{}, 1],
    [{}, 2],
    [{ players: 3 }, 3],
    [{ players: 6 }, 4],
    [{ moon: 'shooterChoice' as const, passCards: 0 }, 5],
  ])('a whole hand (%j, seed %i): a card per card, a trick per trick, the Q♠’s once', (rules, seed) => {
    const { g, sounds } = playHand(rules, seed);
    const s = handSummary(g, 0)!;
    const tricks = s.seats.reduce((t, x) => t + x.tricks, 0);
    expect(count(sounds, 'card')).toBe(tricks * g.rules.players);
    expect(count(sounds, 'queen')).toBe(1);
    expect(count(sounds, 'trick')).toBe(tricks - 1);
    expect(count(sounds, 'moon')).toBe(s.moon ? 1 : 0);
    // The Q♠'s sound comes with the card that completed the trick holding it.
    const i = sounds.indexOf('queen');
    expect(sounds[i - 1]).toBe('card');
  });

  test('a shot moon sounds once, as the hand ends (before the shooter chooses)', () => {
    let found: ReturnType<typeof playHand> | null = null;
    for (let seed = 1; seed < 400 && !found; seed++) {
      const h = playHand({ moon: 'shooterChoice' }, seed);
      if (h.g.results[0]!.shooter !== null) found = h;
    }
    expect(found).not.toBeNull();
    const { states, sounds } = found!;
    expect(count(sounds, 'moon')).toBe(1);
    const at = states.findIndex((st) => st.view.phase === 'moon');
    expect(soundsFor(states[at - 1]!, states[at]!)).toContain('moon');
    // The choice that scores it makes no sound of its own.
    expect(soundsFor(states[at]!, states[at + 1]!)).toEqual([]);
  });

  test('nothing for a first picture, a snapshot, an old version, a pass or a deal', () => {
    const { states } = playHand({}, 7);
    const play = states.findIndex((s) => s.event.type === 'play');
    expect(soundsFor(null, states[play]!)).toEqual([]);
    expect(soundsFor(states[play]!, states[play]!)).toEqual([]);
    expect(soundsFor(states[play]!, states[play - 1]!)).toEqual([]);
    expect(soundsFor(states[play - 1]!, { ...states[play]!, event: { type: 'join' } })).toEqual([]);
    const pass = states.findIndex((s) => s.event.type === 'pass');
    expect(soundsFor(states[pass - 1]!, states[pass]!)).toEqual([]);
    expect(soundsFor(states[play - 1]!, states[play]!)).toEqual(['card']);
  });

  test('a Q♠ that counts nothing (Papayoo style) sounds like any trick', () => {
    const { sounds } = playHand({ queenPoints: 0, heartValues: 'rank' }, 3);
    expect(count(sounds, 'queen')).toBe(0);
  });
});

describe('the Web Audio port', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A fake audio context that counts the sources it starts. */
  function fakeAudio() {
    const started: string[] = [];
    const param = () => ({
      value: 0,
      setValueAtTime: () => undefined,
      exponentialRampToValueAtTime: () => undefined,
    });
    const node = (kind: string) => ({
      connect: (n: unknown) => n,
      start: () => started.push(kind),
      stop: () => undefined,
      gain: param(),
      frequency: param(),
      Q: param(),
      type: '',
      buffer: null,
    });
    class FakeContext {
      state = 'suspended';
      currentTime = 0;
      sampleRate = 8000;
      destination = {};
      resume() {
        this.state = 'running';
        return Promise.resolve();
      }
      createBuffer(_c: number, length: number) {
        return { getChannelData: () => new Float32Array(length) };
      }
      createBufferSource = () => node('noise');
      createOscillator = () => node('tone');
      createGain = () => node('gain');
      createBiquadFilter = () => node('filter');
    }
    vi.stubGlobal('AudioContext', FakeContext);
    return started;
  }

  test('plays nothing before a gesture unlocks it, then synthesises each sound', async () => {
    const started = fakeAudio();
    const port = webAudioSound();
    port.play('card');
    expect(started).toEqual([]);
    await port.unlock();
    port.play('card');
    port.play('queen');
    port.play('moon');
    port.play('trick');
    expect(started).toEqual(['noise', 'tone', 'tone', 'tone', 'tone', 'tone', 'tone', 'noise']);
  });

  test('without Web Audio nothing plays and nothing fails', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const port = webAudioSound();
    await port.unlock();
    expect(() => port.play('moon')).not.toThrow();
  });
});
