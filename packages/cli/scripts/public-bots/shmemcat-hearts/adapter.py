#!/usr/bin/env python3
"""A hearts-bot/1 adapter for the AI of shmemcat/hearts, a public Hearts program (docs/bot-protocol.md).

The program's source is not in this repository: setup.sh extracts it, at a pinned commit, into a cache directory
and prints the command for the arena. This adapter imports the program's own game and AI modules from there
(`--src`, the directory that holds its `hearts` package), rebuilds the program's `GameState` from each
self-contained `decide` message and answers with the program's choice:

    hearts arena --bots expert,"cmd:python3 adapter.py --src ~/.cache/hearts-public-bots/shmemcat-hearts/<commit>/api"

- pass: the level's pass strategy gets the dealt hand and the pass direction;
- play: the level's play strategy gets the rebuilt state: our hand, the trick so far, the points each seat has
  taken this hand (scored by the program's own trick rules), hearts broken, the game totals, and hands of the
  right sizes for the others (filled with unseen cards; the program's "hard" levels deal the unseen cards anew in
  every sampled world, so it never peeks). Its void tracker is fed every complete trick of the hand;
- moon (only under shooterChoice): "plus", the program's own scoring.

The program chooses among its own legal plays. Where those differ from the host's (`legal`), the decision counts
as a rule mismatch; a choice the host does not allow counts as a fallback and the program chooses again among the
host's legal cards (should it still pick another card, the first legal one is played). Counts and decision times
go to standard error at the end (and to `--stats FILE` as JSON).
"""

import argparse
import json
import os
import random
import sys
import time
import types

RANKS = "23456789TJQKA"
PASS_DIRECTIONS = {0: "NONE", 1: "LEFT", 2: "ACROSS", 3: "RIGHT"}  # passOffset -> the program's PassDirection
# Rule options that leave the play of a hand alone; any other option is refused (the program knows one rule set).
NEUTRAL_RULES = {"targetScore", "handsToPlay", "ties"}
DEFAULT_RULES = {"players": 4, "passCards": 3, "moon": "othersPlus26"}


def load_program(src):
    """Imports the program's game and AI modules from `src` (the directory holding its `hearts` package).

    The package's own `__init__` starts the program's web server (Flask, a database), so the package is entered
    as a bare namespace and only its pure `hearts.game` and `hearts.ai` modules are loaded.
    """
    root = os.path.join(src, "hearts")
    if not os.path.isdir(os.path.join(root, "ai")):
        raise SystemExit(f"no hearts/ai package under {src}: run setup.sh first")
    package = types.ModuleType("hearts")
    package.__path__ = [root]
    sys.modules["hearts"] = package
    sys.path.insert(0, src)
    import hearts.game.card as card  # hearts.game first: it imports hearts.ai, which imports it back

    import hearts.ai.factory as factory
    import hearts.ai.hard_ai as hard_ai
    import hearts.game.rules as rules
    import hearts.game.state as state
    import hearts.game.transitions as transitions

    return types.SimpleNamespace(
        factory=factory, hard_ai=hard_ai, card=card, rules=rules, state=state, transitions=transitions
    )


class Adapter:
    def __init__(self, program, level, seed):
        self.p = program
        self.level = level
        self.rng = random.Random(seed)
        suit = program.card.Suit
        self.suits = {"C": suit.CLUBS, "D": suit.DIAMONDS, "S": suit.SPADES, "H": suit.HEARTS}
        self.letters = {v: k for k, v in self.suits.items()}
        self.stats = {"pass": 0, "play": 0, "moon": 0, "ruleMismatches": 0, "fallbacks": 0, "errors": 0}
        self.mismatch_examples = []
        self.times_ms = []  # the program's time per play decision

    def card(self, name):
        if not isinstance(name, str) or len(name) != 2 or name[0] not in RANKS or name[1] not in self.suits:
            raise ValueError(f"not a card: {name!r}")
        return self.p.card.Card(self.suits[name[1]], RANKS.index(name[0]) + 2)

    def name(self, card):
        return RANKS[card.rank - 2] + self.letters[card.suit]

    def strategies(self):
        # A fresh pair per decision: every decide message stands alone, and the void tracker starts empty.
        return self.p.factory.create_strategies(self.level, rng=random.Random(self.rng.getrandbits(64)))

    def check_rules(self, m):
        rules = m.get("rules") or {}
        for key, value in rules.items():
            if key in NEUTRAL_RULES or DEFAULT_RULES.get(key, object()) == value:
                continue
            raise ValueError(f"rule {key}={json.dumps(value)} is not the public program's")

    def decide(self, m):
        self.check_rules(m)
        kind = m.get("kind")
        if kind == "pass":
            return {"cards": self.decide_pass(m)}
        if kind == "play":
            return {"card": self.decide_play(m)}
        if kind == "moon":
            self.stats["moon"] += 1
            return {"choice": "plus"}
        raise ValueError(f"unknown decision kind {kind!r}")

    def decide_pass(self, m):
        self.stats["pass"] += 1
        hand = [self.card(c) for c in m["hand"]]
        direction = self.p.state.PassDirection[PASS_DIRECTIONS[m["passOffset"]]]
        cards = [self.name(c) for c in self.strategies()[0].choose_cards_to_pass(hand, direction)]
        legal = set(m["legal"])
        if len(set(cards)) != 3 or not set(cards) <= legal:
            self.stats["fallbacks"] += 1
            cards = [c for c in cards if c in legal][:3]
            cards += [c for c in m["legal"] if c not in cards][: 3 - len(cards)]
        return cards

    def game_state(self, m):
        """The program's GameState for the seat to play, from a play message."""
        P = self.p
        seat = m["seat"]
        hand = [self.card(c) for c in m["hand"]]
        tricks = [
            tuple(((t["leader"] + i) % 4, self.card(c)) for i, c in enumerate(t["cards"])) for t in m["tricks"]
        ]
        trick = tuple(((m["trick"]["leader"] + i) % 4, self.card(c)) for i, c in enumerate(m["trick"]["cards"]))
        round_scores = [0, 0, 0, 0]
        for t in tricks:
            winner = P.rules.get_trick_winner(list(t), t[0][1].suit)
            round_scores[winner] += P.rules.get_trick_points(list(t))
        # The others' hands: the right sizes, filled with the cards this seat has not seen (placeholders only).
        seen = set(hand) | {c for t in tricks for _, c in t} | {c for _, c in trick}
        unseen = [c for c in P.card.deck_52() if c not in seen]
        in_trick = {s for s, _ in trick}
        hands = [()] * 4
        hands[seat] = tuple(hand)
        for other in range(4):
            if other != seat:
                size = len(hand) - (1 if other in in_trick else 0)
                hands[other], unseen = tuple(unseen[:size]), unseen[size:]
        if unseen:
            raise ValueError("the hand sizes do not add up")

        def state(current_trick):
            return P.state.GameState(
                round=m.get("handNumber", 0) + 1,
                phase=P.state.Phase.PLAYING,
                pass_direction=P.state.PassDirection[PASS_DIRECTIONS[m.get("passOffset", 0)]],
                hands=tuple(hands),
                current_trick=current_trick,
                whose_turn=seat,
                scores=tuple(m.get("scores") or (0, 0, 0, 0)),
                round_scores=tuple(round_scores),
                hearts_broken=bool(m.get("heartsBroken")),
                game_over=False,
            )

        return state(trick), [state(t) for t in tricks]

    def decide_play(self, m):
        P = self.p
        self.stats["play"] += 1
        seat = m["seat"]
        state, past = self.game_state(m)
        hand = state.hand(seat)
        own_legal = P.rules.get_legal_plays(
            hand,
            state.trick_list(),
            state.hearts_broken,
            first_lead_of_round=P.transitions._is_first_lead(state, hand),
            first_trick=P.transitions._is_first_trick_of_round(state),
        )
        legal = {c for c in m["legal"]}
        if {self.name(c) for c in own_legal} != legal:
            self.stats["ruleMismatches"] += 1
            if len(self.mismatch_examples) < 5:
                self.mismatch_examples.append({"id": m.get("id"), "own": sorted(self.name(c) for c in own_legal)})
        play = self.strategies()[1]
        tracker = getattr(play, "_tracker", None)
        if tracker is not None:  # the hard levels learn voids from the tricks they watch: show them the hand's
            for s in past:
                tracker.observe(s)
        start = time.perf_counter()
        choice = self.name(play.choose_play(state, seat, own_legal)) if own_legal else None
        if choice not in legal:
            self.stats["fallbacks"] += 1
            ours = [self.card(c) for c in m["legal"]]
            choice = self.name(play.choose_play(state, seat, ours))
            if choice not in legal:  # it chose outside the cards it was offered: the host's first legal card
                choice = m["legal"][0]
        self.times_ms.append((time.perf_counter() - start) * 1000)
        return choice

    def summary(self):
        times = sorted(self.times_ms)

        def at(q):
            return round(times[min(len(times) - 1, int(q * len(times)))], 1) if times else None

        return dict(
            self.stats,
            level=self.level,
            playMs={"median": at(0.5), "p95": at(0.95), "mean": round(sum(times) / len(times), 1) if times else None},
            mismatchExamples=self.mismatch_examples,
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--src", required=True, help="the directory holding the program's hearts package")
    parser.add_argument("--level", default="hard", help="the program's level: medium, hard, harder, hardest")
    parser.add_argument("--seed", type=int, default=None, help="seed for the program's random choices")
    parser.add_argument("--stats", default=None, help="write the counts and decision times here as JSON")
    args = parser.parse_args()
    adapter = Adapter(load_program(args.src), args.level, args.seed)
    adapter.strategies()  # an unknown level fails now, not at the first decision

    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            m = json.loads(line)
        except ValueError:
            send({"type": "error", "message": "not JSON"})
            continue
        kind = m.get("type") if isinstance(m, dict) else None
        if kind == "hello":
            if m.get("protocol") != "hearts-bot/1":
                send({"type": "error", "message": f"unknown protocol {m.get('protocol')!r}"})
            else:
                send({"type": "hello", "name": f"shmemcat-hearts-{args.level}"})
        elif kind == "quit":
            break
        elif kind == "decide":
            try:
                send(dict({"type": "move", "id": m.get("id")}, **adapter.decide(m)))
            except Exception as e:  # a message the program cannot use: answer an error and keep running
                adapter.stats["errors"] += 1
                send({"type": "error", "id": m.get("id"), "message": f"{type(e).__name__}: {e}"})
        else:
            send({"type": "error", "message": f"unknown message type {kind!r}"})
    summary = adapter.summary()
    if args.stats:
        with open(args.stats, "w") as f:
            json.dump(summary, f)
    print(f"shmemcat-hearts: {json.dumps(summary)}", file=sys.stderr)


if __name__ == "__main__":
    main()
