import { readFileSync } from 'node:fs';
import { gameDecisions, analyzeDecision, createBot } from '@hearts/bots';
import { seededRandom } from '@hearts/engine';
const rec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const [hand, trick, seat] = process.argv.slice(3).map(Number);
const pts = gameDecisions(rec, [seat]).value.filter((d) => d.hand === hand && d.trick === trick);
for (const p of pts) {
  const o = p.observation;
  console.log('hand', o.hand.join(' '), 'tricks', o.tricks.map(t=>t.leader+':'+t.cards.join(' ')).join(' | '), 'trick', JSON.stringify(o.trick), 'pts', o.handPoints, 'passed', o.passed, 'recv', o.received);
  for (const seed of [1, 2, 3]) {
    const a = analyzeDecision(p, { seed });
    console.log(seed, a.played, a.best, a.cost, a.samples, JSON.stringify(a.options));
  }
  const bot = createBot('expert');
  console.log('expert 2000ms:', [1,2].map(s => JSON.stringify(bot.decide(o, { timeMs: 2000, random: seededRandom(s) }))));
}
