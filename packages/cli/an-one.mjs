import { readFileSync } from 'node:fs';
import { analyzeGame } from '@hearts/bots';
const rec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const o = JSON.parse(process.argv[3] ?? '{}');
const t0 = performance.now(); const c0 = process.cpuUsage();
const kinds = {};
const r = await analyzeGame(rec, { seats: [0], seed: 1, ...o, onProgress: (p) => { const k = p.decision.kind + (p.decision.forced ? '-forced' : ''); kinds[k] ??= {n:0, samples:0, atMax:0}; kinds[k].n++; kinds[k].samples += p.decision.samples; if (p.decision.samples >= (p.decision.kind === 'pass' ? 4000 : 8000)) kinds[k].atMax++; } });
console.log(((performance.now() - t0) / 1000).toFixed(1), 's wall', (process.cpuUsage(c0).user/1e6).toFixed(1), 's cpu', JSON.stringify(kinds), JSON.stringify(r.value.seats));
