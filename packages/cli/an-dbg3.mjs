import { readFileSync } from 'node:fs';
import { gameDecisions, analyzeDecision } from '@hearts/bots';
const rec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const [hand, trick, seat] = process.argv.slice(3).map(Number);
const p = gameDecisions(rec, [seat]).value.find((d) => d.hand === hand && d.trick === trick);
for (const seed of [1,2,3]) { const a = analyzeDecision(p, { seed }); console.log(seed, a.cost, a.samples, JSON.stringify(a.options)); }
