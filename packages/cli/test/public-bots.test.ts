// The adapter that brings a public Hearts program into the arena (scripts/public-bots/shmemcat-hearts): its
// translation of hearts-bot/1 messages into the program's state is checked against a stand-in for the program, so
// no network and no copy of the program is needed. The real program is played only when setup.sh has put it in
// the cache (docs/performance.md, "Against a public program").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adapterSession, PLAY, type AdapterSession } from './adapter-session.js';
import { BIN, ROOT } from './cli.js';

const DIR = join(ROOT, 'packages/cli/scripts/public-bots/shmemcat-hearts');
const ADAPTER = join(DIR, 'adapter.py');
const HAVE_PYTHON = spawnSync('python3', ['--version']).status === 0;

// A stand-in for the program's `hearts` package, with the same module names and calls as the adapter uses.
// It records every state it is shown; FAKE_CHOICE makes its play strategy answer that card whatever is legal.
const FAKE: Record<string, string> = {
  '__init__.py':
    'raise ImportError("the package itself starts a web server: the adapter must not load it")\n',
  'game/__init__.py': '',
  'game/card.py': `
from dataclasses import dataclass
from enum import IntEnum

class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

@dataclass(frozen=True)
class Card:
    suit: Suit
    rank: int

    @property
    def code(self):
        return "23456789TJQKA"[self.rank - 2] + "CDSH"[self.suit]

def deck_52():
    return [Card(s, r) for s in Suit for r in range(2, 15)]
`,
  'game/state.py': `
from dataclasses import dataclass
from enum import Enum

class Phase(str, Enum):
    PASSING = "passing"
    PLAYING = "playing"

class PassDirection(str, Enum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

@dataclass(frozen=True)
class GameState:
    round: int
    phase: Phase
    pass_direction: PassDirection
    hands: tuple
    current_trick: tuple
    whose_turn: int
    scores: tuple
    round_scores: tuple
    hearts_broken: bool
    game_over: bool

    def hand(self, i):
        return list(self.hands[i])

    def trick_list(self):
        return list(self.current_trick)
`,
  'game/rules.py': `
from hearts.game.card import Suit

def get_legal_plays(hand, trick, hearts_broken, first_lead_of_round=False, first_trick=False):
    if trick:
        follow = [c for c in hand if c.suit == trick[0][1].suit]
        if follow:
            return follow
    return list(hand)

def get_trick_winner(trick, lead_suit):
    return max((c.rank, p) for p, c in trick if c.suit == lead_suit)[1]

def get_trick_points(trick):
    return sum(1 if c.suit == Suit.HEARTS else 13 if (c.suit == Suit.SPADES and c.rank == 12) else 0 for _, c in trick)
`,
  'game/transitions.py': `
def _is_first_trick_of_round(state):
    return sum(13 - len(h) for h in state.hands) < 4

def _is_first_lead(state, hand):
    return not state.current_trick and _is_first_trick_of_round(state)
`,
  'ai/__init__.py': '',
  'ai/hard_ai.py': '',
  'ai/factory.py': `
import json, os
from hearts.game.card import Card, Suit

def record(entry):
    with open(os.environ["FAKE_RECORD"], "a") as f:
        f.write(json.dumps(entry) + "\\n")

class Tracker:
    def __init__(self):
        self.voids = {}

    def observe(self, state):
        trick = state.current_trick
        for p, c in trick[1:]:
            if c.suit != trick[0][1].suit:
                self.voids.setdefault(p, set()).add("CDSH"[trick[0][1].suit])

class Pass:
    def choose_cards_to_pass(self, hand, direction):
        record({"kind": "pass", "hand": [c.code for c in hand], "direction": direction.value})
        return hand[-3:]

class Play:
    def __init__(self):
        self._tracker = Tracker()

    def choose_play(self, state, player, legal):
        self._tracker.observe(state)
        record({
            "kind": "play",
            "player": player,
            "legal": [c.code for c in legal],
            "handSizes": [len(h) for h in state.hands],
            "hand": [c.code for c in state.hands[player]],
            "others": sorted(c.code for i, h in enumerate(state.hands) if i != player for c in h),
            "trick": [[p, c.code] for p, c in state.current_trick],
            "whoseTurn": state.whose_turn,
            "roundScores": list(state.round_scores),
            "scores": list(state.scores),
            "heartsBroken": state.hearts_broken,
            "direction": state.pass_direction.value,
            "round": state.round,
            "voids": {str(p): sorted(s) for p, s in self._tracker.voids.items()},
        })
        choice = os.environ.get("FAKE_CHOICE")
        for c in legal:
            if c.code == choice:
                return c
        return Card(Suit("CDSH".index(choice[1])), "23456789TJQKA".index(choice[0]) + 2) if choice else legal[0]

def create_strategies(level, rng=None):
    if level not in ("hard", "medium"):
        raise ValueError("unknown level " + level)
    return Pass(), Play()
`,
};

let fake = '';
beforeAll(() => {
  fake = mkdtempSync(join(tmpdir(), 'hearts-fake-program-'));
  for (const [path, text] of Object.entries(FAKE)) {
    const file = join(fake, 'hearts', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
});
afterAll(() => rmSync(fake, { recursive: true, force: true }));

let sessions = 0;

interface Session extends AdapterSession {
  records: Record<string, unknown>[]; // the states the stand-in was shown, one a line
}

/** Runs the adapter on the fake program with these messages (then quit) and collects what it said and saw. */
async function session(messages: object[], env: Record<string, string> = {}): Promise<Session> {
  const record = join(fake, `record-${++sessions}.jsonl`);
  const args = [ADAPTER, '--src', fake, '--stats', `${record}.stats.json`, '--seed', '1'];
  const s = await adapterSession('python3', args, messages, { record, stats: `${record}.stats.json` }, env);
  const records = s.recorded
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { ...s, records };
}

describe.skipIf(!HAVE_PYTHON)('the shmemcat/hearts adapter, on a stand-in for the program', () => {
  test('rebuilds the program state of a play decision', async () => {
    const s = await session([PLAY]);
    expect(s.answers[0]).toMatchObject({ type: 'hello' });
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '3H' });
    const seen = s.records[0]!;
    expect(seen).toMatchObject({
      player: 2,
      whoseTurn: 2,
      legal: ['3H', '4H', '5H', 'JH'],
      handSizes: [9, 9, 10, 10], // seats 0 and 1 have played to this trick
      trick: [
        [0, '8H'],
        [1, '2H'],
      ],
      roundScores: [13, 0, 1, 0],
      scores: [10, 3, 20, 0],
      heartsBroken: true,
      direction: 'left',
      round: 5,
      voids: { '3': ['D'] },
    });
    expect(seen['hand']).toEqual(PLAY.hand);
    // The others hold exactly the cards seat 2 has not seen.
    const seenCards = new Set([...PLAY.hand, ...PLAY.tricks.flatMap((t) => t.cards), ...PLAY.trick.cards]);
    const deck = [...'CDSH'].flatMap((s) => [...'23456789TJQKA'].map((r) => r + s));
    expect(seen['others']).toEqual(deck.filter((c) => !seenCards.has(c)).sort());
    expect(s.stats).toMatchObject({ play: 1, ruleMismatches: 0, fallbacks: 0, errors: 0 });
  });

  test('a choice the host does not allow is counted and chosen again among the legal cards', async () => {
    const s = await session([{ ...PLAY, legal: ['3H', '4H'] }], { FAKE_CHOICE: 'JH' });
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '3H' }); // it insists on J♥: the first legal card
    expect(s.records.map((r) => r['legal'])).toEqual([
      ['3H', '4H', '5H', 'JH'], // the program's own rules first
      ['3H', '4H'], // then the host's
    ]);
    expect(s.stats).toMatchObject({ play: 1, ruleMismatches: 1, fallbacks: 1 });
  });

  test('passes the cards the program passes, in the direction of the pass', async () => {
    const hand = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC'];
    const s = await session([
      {
        type: 'decide',
        id: 'p',
        kind: 'pass',
        seat: 1,
        hand,
        legal: hand,
        handNumber: 2,
        passOffset: 2,
        scores: [0, 0, 0, 0],
      },
    ]);
    expect(s.answers[1]).toEqual({ type: 'move', id: 'p', cards: ['QC', 'KC', 'AC'] });
    expect(s.records[0]).toMatchObject({ kind: 'pass', direction: 'across' });
  });

  test('refuses rules the program does not know, and keeps running', async () => {
    const s = await session([{ ...PLAY, id: 1, rules: { queenBreaksHearts: true } }, PLAY]);
    expect(s.answers[1]).toMatchObject({ type: 'error', id: 1 });
    expect(String(s.answers[1]!['message'])).toMatch(/queenBreaksHearts/);
    expect(s.answers[2]).toEqual({ type: 'move', id: 8, card: '3H' });
    expect(s.stats).toMatchObject({ errors: 1, play: 1 }); // the refused decision is not played
  });
});

// The real program, when setup.sh has brought it (it is never fetched by the tests).
const COMMIT = /COMMIT=([0-9a-f]{40})/.exec(readFileSync(join(DIR, 'setup.sh'), 'utf8'))?.[1] ?? '';
const CACHE = process.env['HEARTS_PUBLIC_BOTS'] ?? join(homedir(), '.cache/hearts-public-bots');
const PROGRAM = join(CACHE, 'shmemcat-hearts', COMMIT, 'api');
const HAVE_PROGRAM = HAVE_PYTHON && existsSync(join(PROGRAM, 'hearts/ai/hard_ai.py'));
if (!HAVE_PROGRAM)
  console.warn(`skipped: the public program is not in ${PROGRAM} (run ${join(DIR, 'setup.sh')})`);

describe.skipIf(!HAVE_PROGRAM)('the shmemcat/hearts program itself', () => {
  test('plays a deal in the arena with no replaced move and no rule mismatch', async () => {
    const stats = join(fake, 'real.stats.json');
    const cmd = `cmd:python3 ${ADAPTER} --src ${PROGRAM} --level medium --stats ${stats}`;
    const out = spawnSync(
      process.execPath,
      [BIN, 'arena', '--bots', `easy,${cmd}`, '--deals', '1', '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ incidents: 0, hands: 8 });
    expect(JSON.parse(readFileSync(stats, 'utf8'))).toMatchObject({
      ruleMismatches: 0,
      fallbacks: 0,
      errors: 0,
    });
  });
});
