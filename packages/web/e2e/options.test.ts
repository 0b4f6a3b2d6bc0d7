import { describe, expect, it } from 'vitest';
import { watchErrors, withApp } from './harness';

const app = withApp();

describe('the start screen in Chromium', () => {
  it('says next to Play why options cannot be played, and keeps the chips and the field in step', async () => {
    const context = await app.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/`);
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.waitFor();
    await page.getByText('Game options').click();
    const field = page.getByRole('spinbutton', { name: 'Play to (points)' });
    const chip = (n: number) => page.getByRole('radio', { name: `${n} points` });
    const choose = (n: number) => page.locator('.segmented label', { hasText: `${n} points` }).click();

    await choose(100);
    expect(await field.inputValue()).toBe('100');
    await field.fill('0');
    const reason = page.locator('#play-invalid');
    await reason.waitFor();
    expect(await reason.textContent()).toContain('Play to (points): a whole number from 1 to 100000');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await play.isDisabled()).toBe(true);
    expect(await play.getAttribute('aria-describedby')).toBe('play-invalid');
    // The reason is right under Play, on screen without scrolling to the options.
    const [p, r] = [(await play.boundingBox())!, (await reason.boundingBox())!];
    expect(r.y - (p.y + p.height)).toBeLessThan(40);
    expect(r.y + r.height).toBeLessThanOrEqual(740);
    // No chip claims a target the field does not hold.
    expect(await chip(50).isChecked()).toBe(false);
    expect(await chip(100).isChecked()).toBe(false);

    await field.fill('');
    expect(await field.inputValue()).toBe('');
    expect(await play.isDisabled()).toBe(true);

    await choose(50);
    expect(await field.inputValue()).toBe('50');
    expect(await reason.count()).toBe(0);
    await field.fill('100');
    expect(await chip(100).isChecked()).toBe(true);
    await play.click();
    await page.locator('.table-screen').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows every option choice whole on a phone in German', async () => {
    const context = await app.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByText('Spieloptionen').click();
    await page.getByRole('combobox', { name: 'Spieler' }).selectOption('6');
    await page.getByRole('combobox', { name: 'Weitergabe' }).selectOption('rotate');
    const cut = await page.locator('.rules-options select').evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).flatMap((s) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        const st = getComputedStyle(s);
        ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
        const text = s.options[s.selectedIndex]?.text ?? '';
        const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 16; // the arrow
        return ctx.measureText(text).width > room ? [text] : [];
      }),
    );
    expect(cut).toEqual([]);
    await context.close();
  }, 60_000);

  it('keeps every button’s text inside its button, in German and English, on a desktop and a phone', async () => {
    for (const locale of ['de-DE', 'en-US'])
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 360, height: 740 },
      ]) {
        const context = await app.browser.newContext({ viewport, locale });
        const page = await context.newPage();
        await page.goto(`${app.url}/`);
        await page.locator('.start-feature').first().waitFor();
        // Every line of text in a button (the daily game's, the training's subtitle …) within the button's box.
        const spilled = await page.locator('button').evaluateAll((buttons) =>
          buttons.flatMap((b) => {
            const box = b.getBoundingClientRect();
            if (box.width === 0) return [];
            const range = document.createRange();
            range.selectNodeContents(b);
            return [...range.getClientRects()].some(
              (r) => r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5),
            )
              ? [b.textContent ?? '']
              : [];
          }),
        );
        expect({ locale, viewport, spilled }).toEqual({ locale, viewport, spilled: [] });
        await context.close();
      }
  }, 60_000);

  it('keeps the felt in place when a long page scrolls: no seam where the window’s height ends', async () => {
    const context = await app.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByText('Spieloptionen').click();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(740 + 500);
    // The left edge (outside the content) down the whole window, as the screen shows it, at two scroll positions.
    const edge = async (y: number): Promise<number[]> => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
      const png = (await page.screenshot({ clip: { x: 0, y: 0, width: 4, height: 740 } })).toString('base64');
      return page.evaluate(async (data) => {
        const img = new Image();
        img.src = `data:image/png;base64,${data}`;
        await img.decode();
        const c = document.createElement('canvas');
        [c.width, c.height] = [img.width, img.height];
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        const px = g.getImageData(1, 0, 1, img.height).data;
        return [...px].filter((_, i) => i % 4 === 1); // the green channel, top to bottom
      }, png);
    };
    const top = await edge(0);
    const scrolled = await edge(500);
    expect(scrolled.length).toBe(top.length);
    const worst = Math.max(...top.map((v, i) => Math.abs(v - scrolled[i]!)));
    expect(worst).toBeLessThanOrEqual(3);
    await context.close();
  }, 60_000);
});
