import { readFileSync } from 'node:fs';
import { gameDecisions } from '@hearts/bots';
import { SearchBot, EXPERT, tableScore } from '../bots/dist/search/index.js';
import { seededRandom } from '@hearts/engine';
const rec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const [hand, trick, seat, worlds] = process.argv.slice(3).map(Number);
const p = gameDecisions(rec, [seat]).value.find((d) => d.hand === hand && d.trick === trick);
const o = p.observation;
for (const seed of [1,2,3,4,5,6,'a','b','c','d', 'analysis:1:0:play:12', 'analysis:2:0:play:12']) {
  const bot = new SearchBot({ ...EXPERT, maxWorlds: worlds, minWorlds: worlds });
  const e = bot.evaluate(o, seededRandom(seed), Infinity, { score: tableScore, stop: () => false });
  const v = (c) => Math.min(...e.options.filter(x => x.card === c).map(x => x.mean));
  console.log(seed, e.worlds, (v('2S') - v('6D')).toFixed(2), v('6D').toFixed(2), v('2S').toFixed(2));
}
