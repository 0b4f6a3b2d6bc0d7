// Asks the AI of Nathan Sturtevant's public Hearts program (github.com/nathansttt/hearts: PIMC over sampled worlds,
// UCT in each) for one decision per input line. Compiled by setup.sh against the program's own sources in a cache
// directory outside this repository; adapter.mjs speaks hearts-bot/1 and sends it lines like
//
//   pass seed=7 fill=9 rules=3457 seat=2 dir=1 hand=2C,5C,…
//   play seed=7 fill=9 rules=3457 seat=2 dir=1 hand=… passed=QS,AH,KH received=7D,9S,3H leader=0 plays=2C,5C,…
//
// (dir: the program's pass direction, 1 left, -1 right, 2 across, 0 none; rules: the program's rule flags; leader:
// who led the first trick; plays: every card played this hand, in order; "-" for an empty list). It answers
// "ok <card>" or "ok <card> <card> <card>", then the program's own legal moves: "ok QS legal=QS,2S,…"; "err …".
//
// The program decides from its player's view alone: the driver builds the program's game state (the seat's cards;
// the others' hands filled with their played cards and, at random (`fill`), with cards this seat cannot see, as a
// real table would hold them) and asks the seat's player, whose imperfect-information search reads only what that
// seat knows (its hand, the plays, its own pass and the cards it received) and deals the unknown cards anew in every
// world. `fill` changes only the unseen cards: the adapter's test checks that the answers do not depend on it.
//
// The program's player is its published setting (main.cpp, player 0): 30 worlds, 10,000 UCT samples a decision,
// exploration 0.4, playouts with 10 % random moves, its OM-2 opponent model, the "safe simple" evaluation.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "Hearts.h"
#include "iiMonteCarlo.h"

using namespace hearts;

// The program seeds its searches from time(0). Linked with -Wl,--wrap=time, every call lands here: with a seed the
// answers are repeatable (a decision's seed stands for the clock).
static time_t fakeClock = 0;
static bool useFakeClock = false;
extern "C" time_t __real_time(time_t *t);
extern "C" time_t __wrap_time(time_t *t) {
  if (!useFakeClock) return __real_time(t);
  if (t) *t = fakeClock;
  return fakeClock;
}

struct Settings {
  int sims = 10000;
  int worlds = 30;
  double c = 0.4;
  double epsilon = 0.1;
};

static const char *RANKS = "AKQJT98765432"; // the program's rank order: ACE = 0 … TWO = 12
static const char *SUITS = "SDCH";           // SPADES = 0, DIAMONDS = 1, CLUBS = 2, HEARTS = 3

static int parseCard(const std::string &s) {
  if (s.size() != 2) return -1;
  const char *r = strchr(RANKS, s[0]);
  const char *u = strchr(SUITS, s[1]);
  if (!r || !u || !s[0] || !s[1]) return -1;
  return Deck::getcard(int(u - SUITS), int(r - RANKS));
}

static std::string cardName(int c) {
  std::string s;
  s += RANKS[Deck::getrank(c)];
  s += SUITS[Deck::getsuit(c)];
  return s;
}

static std::vector<int> parseCards(const std::string &list) {
  std::vector<int> out;
  if (list == "-" || list.empty()) return out;
  std::stringstream ss(list);
  std::string item;
  while (std::getline(ss, item, ',')) {
    int c = parseCard(item);
    if (c < 0) throw std::runtime_error("not a card: " + item);
    out.push_back(c);
  }
  return out;
}

static uint64_t maskOf(const std::vector<int> &cards) {
  uint64_t m = 0;
  for (int c : cards) m |= uint64_t(1) << c;
  return m;
}

static SimpleHeartsPlayer *makePlayer(const Settings &s, std::vector<Algorithm *> &owned, UCTModule *&playout) {
  UCT *uct = new UCT(s.sims / s.worlds, s.c);
  iiMonteCarlo *mc = new iiMonteCarlo(uct, s.worlds);
  playout = new HeartsPlayout();
  uct->setPlayoutModule(playout);
  uct->setEpsilonPlayout(s.epsilon);
  mc->setUseThreads(true);
  owned.push_back(uct);
  owned.push_back(mc);
  SimpleHeartsPlayer *p = new SafeSimpleHeartsPlayer(mc);
  p->setModelLevel(2);
  return p;
}

// A small generator for the fill of unseen cards (independent of the program's own).
struct Fill {
  uint64_t x;
  explicit Fill(uint64_t seed) : x(seed * 0x9E3779B97F4A7C15ULL + 1) {}
  uint64_t next() {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  }
  template <class T> void shuffle(std::vector<T> &v) {
    for (size_t i = v.size(); i > 1; i--) std::swap(v[i - 1], v[next() % i]);
  }
};

struct Request {
  std::string kind;
  uint32_t seed = 1;
  uint64_t fill = 1;
  int rules = 0;
  int seat = 0;
  int dir = 0;
  int leader = 0;
  std::vector<int> hand, passed, received, plays;
};

static Request parseRequest(const std::string &line) {
  Request r;
  std::stringstream ss(line);
  ss >> r.kind;
  if (r.kind != "pass" && r.kind != "play") throw std::runtime_error("unknown request " + r.kind);
  std::string tok;
  while (ss >> tok) {
    size_t eq = tok.find('=');
    if (eq == std::string::npos) throw std::runtime_error("not key=value: " + tok);
    std::string k = tok.substr(0, eq), v = tok.substr(eq + 1);
    if (k == "seed") r.seed = uint32_t(std::stoul(v)) & 0x7fffffff;
    else if (k == "fill") r.fill = std::stoull(v);
    else if (k == "rules") r.rules = std::stoi(v);
    else if (k == "seat") r.seat = std::stoi(v);
    else if (k == "dir") r.dir = std::stoi(v);
    else if (k == "leader") r.leader = std::stoi(v);
    else if (k == "hand") r.hand = parseCards(v);
    else if (k == "passed") r.passed = parseCards(v);
    else if (k == "received") r.received = parseCards(v);
    else if (k == "plays") r.plays = parseCards(v);
    else throw std::runtime_error("unknown key " + k);
  }
  if (r.seat < 0 || r.seat > 3) throw std::runtime_error("seat out of range");
  if (r.leader < 0 || r.leader > 3) throw std::runtime_error("leader out of range");
  if (r.dir != 0 && r.dir != 1 && r.dir != -1 && r.dir != 2) throw std::runtime_error("bad pass direction");
  return r;
}

// The four seats' hands for the state, as masks: `known[s]` must be in seat s's hand; the rest of the deck is dealt
// at random so that every seat holds `size` cards.
static std::vector<uint64_t> deal(const std::vector<uint64_t> &known, int size, Fill &fill) {
  uint64_t used = 0;
  for (uint64_t k : known) {
    if (k & used) throw std::runtime_error("a card is in two hands");
    used |= k;
  }
  std::vector<int> rest;
  for (int c = 0; c < 64; c++)
    if ((getFullDeck() >> c & 1) && !(used >> c & 1)) rest.push_back(c);
  fill.shuffle(rest);
  std::vector<uint64_t> hands(known);
  size_t at = 0;
  for (int s = 0; s < 4; s++) {
    int have = __builtin_popcountll(hands[s]);
    if (have > size) throw std::runtime_error("too many cards for a hand");
    for (; have < size; have++) hands[s] |= uint64_t(1) << rest.at(at++);
  }
  return hands;
}

struct Table {
  HeartsGameState *g;
  std::vector<Algorithm *> owned;
  std::vector<UCTModule *> modules;
  ~Table() {
    delete g; // deletes the players
    for (Algorithm *a : owned) delete a;
    for (UCTModule *m : modules) delete m;
  }
};

static void newTable(Table &t, const Settings &s, const Request &r, const std::vector<uint64_t> &hands) {
  t.g = new HeartsGameState(int(r.seed));
  for (int x = 0; x < 4; x++) {
    UCTModule *m = nullptr;
    t.g->addPlayer(makePlayer(s, t.owned, m));
    t.modules.push_back(m);
  }
  t.g->setRules(r.rules);
  t.g->Reset(int(r.seed));
  for (int x = 0; x < 4; x++) {
    t.g->cards[x].setHand(hands[x]);
    t.g->original[x].setHand(hands[x]);
  }
  t.g->setPassDir(r.dir);
}

static CardMove *move(HeartsGameState *g, int c, int who) {
  CardMove *m = (CardMove *)g->getNewMove();
  m->init(card(c), kLeadCard, who, 0);
  return m;
}

static std::string legalList(HeartsGameState *g) {
  std::string out;
  Move *all = g->getAllMoves();
  for (Move *m = all; m; m = m->next) out += (out.empty() ? "" : ",") + cardName(((CardMove *)m)->c);
  g->freeMove(all);
  return out;
}

static std::string decidePass(const Settings &s, const Request &r) {
  if (r.hand.size() != 13) throw std::runtime_error("a pass needs the 13 dealt cards");
  if (r.dir == 0) throw std::runtime_error("no pass this hand");
  Fill fill(r.fill);
  std::vector<uint64_t> known(4, 0);
  known[r.seat] = maskOf(r.hand);
  Table t;
  newTable(t, s, r, deal(known, 13, fill));
  HeartsGameState *g = t.g;
  // The seats before this one have passed (the program passes seat by seat): some three of their cards.
  for (int x = 0; x < r.seat; x++) {
    for (int k = 0; k < 3; k++) {
      Move *options = g->getMoves();
      CardMove *m = move(g, ((CardMove *)options)->c, x);
      g->freeMove(options);
      g->ApplyMove(m);
      g->freeMove(m);
    }
  }
  std::string legal = legalList(g);
  std::string out = "ok";
  Player *me = g->getPlayer(r.seat);
  for (int k = 0; k < 3; k++) {
    Move *m = me->Play();
    if (!m) throw std::runtime_error("the program chose no card");
    out += " " + cardName(((CardMove *)m)->c);
    g->ApplyMove(m);
    g->freeMove(m);
  }
  return out + " legal=" + legal;
}

static std::string decidePlay(const Settings &s, const Request &r) {
  const int n = 4;
  if (r.dir != 0 && (r.passed.size() != 3 || r.received.size() != 3))
    throw std::runtime_error("a hand with passing needs the passed and received cards");
  if (r.plays.size() >= 52) throw std::runtime_error("the hand is over");
  // Who played which card: the tricks from the leader on, each won by its highest card of the suit led.
  std::vector<int> by(r.plays.size());
  std::vector<uint64_t> played(n, 0);
  int lead = r.leader;
  for (size_t i = 0; i < r.plays.size(); i += n) {
    int best = -1, winner = lead;
    for (size_t j = i; j < r.plays.size() && j < i + n; j++) {
      int who = (lead + int(j - i)) % n;
      by[j] = who;
      int c = r.plays[j];
      if (played[who] >> c & 1) throw std::runtime_error("a card is played twice");
      played[who] |= uint64_t(1) << c;
      if (j == i || (Deck::getsuit(c) == Deck::getsuit(r.plays[i]) && Deck::getrank(c) < Deck::getrank(best)))
        best = c, winner = who;
    }
    if (i + n <= r.plays.size()) lead = winner;
  }
  if ((lead + int(r.plays.size() % n)) % n != r.seat) throw std::runtime_error("not this seat's turn");
  // Each seat's hand after the pass: what it played and holds; the cards this seat passed are with their receiver
  // until played.
  std::vector<uint64_t> known(played);
  known[r.seat] |= maskOf(r.hand);
  int receiver = ((r.seat + r.dir) % n + n) % n;
  if (r.dir != 0) known[receiver] |= maskOf(r.passed) & ~played[receiver];
  for (int x = 0; x < n; x++)
    if (x != r.seat && (known[x] & maskOf(r.hand))) throw std::runtime_error("a card is in two hands");
  Fill fill(r.fill);
  Table t;
  newTable(t, s, r, deal(known, 13, fill));
  HeartsGameState *g = t.g;
  if (r.dir != 0) {
    int passer = ((r.seat - r.dir) % n + n) % n;
    g->passes[r.seat].assign(r.passed.begin(), r.passed.end());
    g->passes[passer].assign(r.received.begin(), r.received.end());
    g->numCardsPassed = 3 * n;
  }
  g->firstPlayer = g->currPlr = r.leader;
  for (size_t i = 0; i < r.plays.size(); i++) {
    CardMove *m = move(g, r.plays[i], by[i]);
    if (g->getNextPlayerNum() != by[i]) throw std::runtime_error("the plays do not follow the turns");
    g->ApplyMove(m);
    g->freeMove(m);
  }
  if (g->getNextPlayerNum() != r.seat) throw std::runtime_error("not this seat's turn");
  std::string legal = legalList(g);
  Move *m = g->getPlayer(r.seat)->Play();
  if (!m) throw std::runtime_error("the program chose no card");
  std::string out = "ok " + cardName(((CardMove *)m)->c) + " legal=" + legal;
  g->freeMove(m);
  return out;
}

int main(int argc, char **argv) {
  Settings s;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto value = [&](const char *name) -> double {
      if (i + 1 >= argc) {
        fprintf(stderr, "%s needs a value\n", name);
        exit(2);
      }
      return atof(argv[++i]);
    };
    if (a == "--sims") s.sims = int(value("--sims"));
    else if (a == "--worlds") s.worlds = int(value("--worlds"));
    else if (a == "--c") s.c = value("--c");
    else if (a == "--epsilon") s.epsilon = value("--epsilon");
    else {
      fprintf(stderr, "usage: driver [--sims N] [--worlds N] [--c X] [--epsilon X]\n");
      return 2;
    }
  }
  if (s.worlds < 1 || s.sims < s.worlds) {
    fprintf(stderr, "need --worlds ≥ 1 and --sims ≥ --worlds\n");
    return 2;
  }
  // The program prints now and then (and may write files into the working directory): answers go to the original
  // standard output, everything else to standard error, in a directory of its own.
  int answers = dup(1);
  dup2(2, 1);
  FILE *out = fdopen(answers, "w");
  char dir[] = "/tmp/sturtevant-hearts-XXXXXX";
  if (mkdtemp(dir) && chdir(dir) != 0) fprintf(stderr, "could not enter %s\n", dir);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::string reply;
    try {
      Request r = parseRequest(line);
      useFakeClock = true;
      fakeClock = time_t(r.seed);
      reply = r.kind == "pass" ? decidePass(s, r) : decidePlay(s, r);
      useFakeClock = false;
    } catch (const std::exception &e) {
      useFakeClock = false;
      reply = std::string("err ") + e.what();
    }
    fprintf(out, "%s\n", reply.c_str());
    fflush(out);
  }
  // Leave no trace: the files the program wrote.
  std::string cleanup = std::string("rm -rf ") + dir;
  if (system(cleanup.c_str()) != 0) fprintf(stderr, "could not remove %s\n", dir);
  return 0;
}
