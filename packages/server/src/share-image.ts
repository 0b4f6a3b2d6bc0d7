/**
 * The preview image of a shared review (its page's `og:image`): the final scores as an SVG, rendered to a PNG by
 * resvg compiled to WebAssembly (no native code) with the DejaVu Sans fonts shipped by npm's `dejavu-fonts-ttf`.
 * The renderer and the fonts are loaded once per process, on the first image.
 *
 * ```ts
 * const png = await renderPng(shareSvg({ players: ['Anna', 'Ben', 'Cleo', 'Dev'], scores: [6, 0, 0, 20], winners: [1, 2] }));
 * ```
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/** The image's size: what chat apps show for a large preview (1.91:1). */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

/** What the image shows of a finished game. */
export interface ShareSummary {
  readonly players: readonly string[];
  readonly scores: readonly number[]; // final totals, seat order
  readonly winners: readonly number[];
}

const escapeXml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A name as the image shows it: at most 18 characters. */
const shortName = (s: string): string => (s.length > 18 ? `${s.slice(0, 17)}…` : s);

/** A card face: white, rounded, rank and suit in the corner and the suit large in the middle. */
function card(x: number, y: number, rank: string, suit: string, red: boolean, turn: number): string {
  const ink = red ? '#c62828' : '#1a1a1a';
  return `<g transform="translate(${x} ${y}) rotate(${turn} 90 126)">
  <rect width="180" height="252" rx="14" fill="#fff" stroke="#0b2e1e" stroke-width="2"/>
  <text x="16" y="52" font-size="44" font-weight="bold" fill="${ink}">${rank}</text>
  <text x="18" y="96" font-size="38" fill="${ink}">${suit}</text>
  <text x="90" y="170" font-size="96" text-anchor="middle" fill="${ink}">${suit}</text>
</g>`;
}

/** The SVG of a finished game's result: the places from the lowest score, the winners marked. */
export function shareSvg(s: ShareSummary): string {
  const order = s.players.map((_, i) => i).sort((a, b) => s.scores[a]! - s.scores[b]! || a - b);
  const rowH = Math.min(88, Math.floor(400 / Math.max(1, order.length)));
  const rows = order
    .map((seat, k) => {
      const y = 200 + k * rowH;
      const won = s.winners.includes(seat);
      const fill = won ? '#ffd54f' : '#ffffff';
      return `<g>
  ${won ? `<rect x="60" y="${y - rowH + 16}" width="640" height="${rowH - 6}" rx="10" fill="#ffffff" fill-opacity="0.12"/>` : ''}
  <text x="84" y="${y}" font-size="${Math.round(rowH * 0.55)}" fill="${fill}" font-weight="${won ? 'bold' : 'normal'}">${won ? '★ ' : ''}${escapeXml(shortName(s.players[seat] ?? ''))}</text>
  <text x="680" y="${y}" font-size="${Math.round(rowH * 0.55)}" fill="${fill}" font-weight="bold" text-anchor="end">${s.scores[seat] ?? 0}</text>
</g>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" font-family="DejaVu Sans">
<rect width="100%" height="100%" fill="#1e5b3d"/>
<rect x="24" y="24" width="${IMAGE_WIDTH - 48}" height="${IMAGE_HEIGHT - 48}" rx="24" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>
<text x="64" y="100" font-size="56" font-weight="bold" fill="#ffffff"><tspan fill="#ef5350">♥</tspan> Hearts</text>
${rows}
${card(750, 170, 'Q', '♠', false, -12)}
${card(870, 150, 'A', '♥', true, 4)}
${card(960, 200, '2', '♣', false, 16)}
</svg>`;
}

const require = createRequire(import.meta.url);
let fonts: Promise<Uint8Array[]> | null = null;

/** Loads the renderer and the fonts, once per process. */
function ready(): Promise<Uint8Array[]> {
  fonts ??= (async () => {
    await initWasm(readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    return Promise.all(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => readFile(join(dir, f))));
  })().catch((e: unknown) => {
    fonts = null; // tried again on the next image
    throw e;
  });
  return fonts;
}

/** The SVG as a PNG of its own size. */
export async function renderPng(svg: string): Promise<Uint8Array> {
  const fontBuffers = await ready();
  const r = new Resvg(svg, {
    font: { fontBuffers, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
  });
  try {
    const image = r.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    r.free();
  }
}
