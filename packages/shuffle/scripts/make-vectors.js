// Writes packages/shuffle/test-vectors.json from the built library: `npm run build && node packages/shuffle/scripts/make-vectors.js`.
// The first three vectors are those of FAIR_SHUFFLE.md; the tests check all of them against the library.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { makeCard } from '@hearts/engine';
import {
  SeatStream,
  buildTranscript,
  canonicalDeck,
  commitment,
  seedToHex,
  shuffleWith,
} from '../dist/index.js';

const filled = (byte) => new Uint8Array(32).fill(byte);
const hashed = (text) => sha256(utf8ToBytes(text));

const specs = [
  {
    name: 'vector-1',
    tableId: 'vector-1',
    handNumber: 0,
    players: 4,
    removedCards: [],
    seed: (i) => filled(i),
  },
  {
    name: 'vector-2',
    tableId: 'vector-2',
    handNumber: 5,
    players: 3,
    removedCards: ['2D'],
    seed: (i) => filled(0x10 + i),
  },
  {
    name: 'vector-3',
    tableId: 'vector-3',
    handNumber: 1,
    players: 4,
    removedCards: [],
    seed: (i) => filled(0x20 + i),
    fallback: [2],
  },
  {
    name: 'five-players',
    tableId: 't-5p',
    handNumber: 2,
    players: 5,
    removedCards: ['2C', '2D'],
    seed: (i) => hashed(`five-players seed ${i}`),
  },
  {
    name: 'six-players-timeout',
    tableId: 'Table 6 / test',
    handNumber: 7,
    players: 6,
    removedCards: ['2C', '3C', '2D', '2S'],
    seed: (i) => hashed(`six-players seed ${i}`),
    fallback: [4],
  },
  {
    name: 'three-players-black-maria',
    tableId: 't-bm',
    handNumber: 10,
    players: 3,
    removedCards: ['2C'],
    seed: (i) => hashed(`black-maria seed ${i}`),
  },
  {
    name: 'four-players-two-timeouts',
    tableId: 't-8f3c',
    handNumber: 3,
    players: 4,
    removedCards: [],
    seed: (i) => hashed(`two-timeouts seed ${i}`),
    fallback: [0, 3],
  },
  {
    name: 'four-players-die',
    tableId: 't-die',
    handNumber: 4,
    players: 4,
    removedCards: [],
    seed: (i) => hashed(`die seed ${i}`),
    sevenOfDie: true,
  },
];

const vectors = specs.map((v) => {
  const committedSeeds = Array.from({ length: v.players }, (_, i) => v.seed(i));
  const commitments = committedSeeds.map((s, i) => commitment(v.tableId, v.handNumber, i, s));
  const { transcript } = buildTranscript({
    ...v,
    commitments,
    seeds: committedSeeds,
    fallback: v.fallback ?? [],
  });
  const used = transcript.seeds.map((h) => Uint8Array.from(h.match(/../g).map((b) => parseInt(b, 16))));
  const afterSeat = [];
  const deck = canonicalDeck(transcript.removedCards);
  for (const seed of used) {
    shuffleWith(deck, new SeatStream(seed));
    afterSeat.push(deck.map(makeCard).join(' '));
  }
  return {
    name: v.name,
    committedSeeds: committedSeeds.map(seedToHex),
    afterSeat,
    transcript,
  };
});

const streams = [filled(0), hashed('stream seed')].map((seed) => {
  const s = new SeatStream(seed);
  return { seed: seedToHex(seed), uint32: Array.from({ length: 20 }, () => s.nextUint32()) };
});

const out = {
  format: 'hearts-shuffle/1 test vectors',
  about:
    'committedSeeds[i] is the seed behind commitments[i]; transcript.seeds holds the seeds used (fallback seats: the derived fallback seed). ' +
    'afterSeat[i] is the deck after seats 0..i have shuffled. streams: the first 20 uint32 of a seat stream.',
  vectors,
  streams,
};
writeFileSync(
  fileURLToPath(import.meta.resolve('../test-vectors.json')),
  JSON.stringify(out, null, 2) + '\n',
);
console.log(`wrote ${vectors.length} vectors`);
