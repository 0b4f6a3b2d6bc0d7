import { describe, expect, it } from 'vitest';
import { memoryStore } from '../kit/storage';
import { LOOK_KEY, saveLook, savedLook } from './look';

const walnut = { back: 'back-waves', face: 'face-jumbo', table: 'table-walnut', frame: 'frame-gold' };

describe('the kept look', () => {
  it('is kept and read back; nothing kept reads as null', () => {
    const store = memoryStore();
    expect(savedLook(store)).toBeNull();
    saveLook(store, walnut);
    expect(savedLook(store)).toEqual(walnut);
  });

  it('reads unknown, foreign-slot or broken entries as the defaults, and junk as nothing', () => {
    const store = memoryStore();
    store.set(LOOK_KEY, JSON.stringify({ back: 'table-walnut', face: 'face-💥', table: 'table-slate' }));
    expect(savedLook(store)).toEqual({
      back: 'back-classic',
      face: 'face-standard',
      table: 'table-slate',
      frame: 'frame-none',
    });
    for (const junk of ['not json', '[1,2]', '"table-walnut"', 'null']) {
      store.set(LOOK_KEY, junk);
      expect(savedLook(store)).toBeNull();
    }
  });

  it('writes only when the look changed (a live table saves it on every update)', () => {
    const store = memoryStore();
    let writes = 0;
    const counting = { ...store, set: (k: string, v: string) => (writes++, store.set(k, v)) };
    saveLook(counting, walnut);
    saveLook(counting, { ...walnut });
    expect(writes).toBe(1);
    saveLook(counting, { ...walnut, table: 'table-slate' });
    expect(writes).toBe(2);
  });
});
