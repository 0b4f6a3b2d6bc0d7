import { expect, test } from 'vitest';
import { IMAGE_HEIGHT, IMAGE_WIDTH, renderPng, shareSvg } from './share-image.js';

const summary = {
  players: ['Anna', 'Ben <b>&"', 'Bot 2 (expert) with a long name', 'Dev'],
  scores: [43, 60, 12, 101],
  winners: [2],
};

test('the preview shows the places from the lowest score, the winner marked, names escaped and cut', () => {
  const svg = shareSvg(summary);
  expect(svg).not.toContain('<b>');
  expect(svg).toContain('Ben &#60;b&#62;&#38;&#34;');
  expect(svg).toContain('★ Bot 2 (expert) wi…');
  const at = (name: string) => svg.indexOf(name);
  expect(at('Bot 2')).toBeLessThan(at('Anna'));
  expect(at('Anna')).toBeLessThan(at('Ben'));
  expect(at('Ben')).toBeLessThan(at('Dev'));
});

test('the preview renders to a PNG of 1200×630', async () => {
  const png = await renderPng(shareSvg(summary));
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(view.getUint32(16)).toBe(IMAGE_WIDTH); // IHDR
  expect(view.getUint32(20)).toBe(IMAGE_HEIGHT);
  if (process.env['SHARE_IMAGE_OUT'])
    (await import('node:fs')).writeFileSync(process.env['SHARE_IMAGE_OUT'], png);
});
