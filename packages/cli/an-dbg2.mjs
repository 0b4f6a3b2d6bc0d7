import { readFileSync } from 'node:fs';
import { gameDecisions } from '@hearts/bots';
import { SearchBot, EXPERT, tableScore } from '../bots/dist/search/index.js';
import { seededRandom } from '@hearts/engine';
const rec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const [hand, trick, seat, worlds] = process.argv.slice(3).map(Number);
const p = gameDecisions(rec, [seat]).value.find((d) => d.hand === hand && d.trick === trick);
const o = p.observation;
console.log('hand', o.hand.join(' '), 'tricks', o.tricks.map(t=>t.leader+':'+t.cards.join(' ')).join(' | '), 'trick', JSON.stringify(o.trick), 'played', p.played);
for (const seed of [1,2,3,4]) {
  for (const inference of [true, false]) {
  const bot = new SearchBot({ ...EXPERT, maxWorlds: worlds, minWorlds: worlds, inference });
  const e = bot.evaluate(o, seededRandom(seed), Infinity, { score: tableScore, stop: () => false });
  console.log(seed, inference, e.worlds, e.options.map((x, i) => `${x.card}/${x.plan}:${x.mean.toFixed(2)}`).join(' '), 'se vs 0:', e.options.map((_, i) => e.versus(i, 0).se.toFixed(3)).join(' '));
  }
}
