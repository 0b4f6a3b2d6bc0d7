import { readFileSync } from 'node:fs';
import { analyzeGame } from '@hearts/bots';
const rec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const o = JSON.parse(process.argv[3] ?? '{}');
const seats = o.seats ?? [0];
const [a, b] = [await analyzeGame(rec, { ...o, seats, seed: 1 }), await analyzeGame(rec, { ...o, seats, seed: 2 })];
a.value.decisions.forEach((d, i) => { const e = b.value.decisions[i]; if (d.mark || e.mark) console.log(d.hand, d.kind, d.trick, d.seat, JSON.stringify(d.played), '|', JSON.stringify(d.best), d.cost, d.mark, d.samples, '|', JSON.stringify(e.best), e.cost, e.mark, e.samples); });
