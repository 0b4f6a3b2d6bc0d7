import fc from 'fast-check';
import { expect, test } from 'vitest';
import { MoveIds } from './move-ids.js';

test('ids are per seat, and the first version of an id stays', () => {
  const ids = MoveIds.EMPTY.with(0, 'm1', 3).with(1, 'm1', 4);
  expect(ids.get(0, 'm1')).toBe(3);
  expect(ids.get(1, 'm1')).toBe(4);
  expect(ids.get(2, 'm1')).toBeUndefined();
  expect(ids.with(0, 'm1', 9)).toBe(ids);
  expect(ids.size).toBe(2);
  expect(MoveIds.EMPTY.size).toBe(0);
});

test('it answers like a Map built by hand, and an older value never changes', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.string({ minLength: 1, maxLength: 3 })), {
        maxLength: 300,
      }),
      (adds) => {
        const model = new Map<string, number>();
        let ids = MoveIds.EMPTY;
        const history: [MoveIds, Map<string, number>][] = [];
        adds.forEach(([seat, id], v) => {
          if (!model.has(`${seat}|${id}`)) model.set(`${seat}|${id}`, v);
          ids = ids.with(seat, id, v);
          history.push([ids, new Map(model)]);
        });
        expect(ids.size).toBe(model.size);
        expect(new Map(ids.entries())).toEqual(model);
        for (const [old, then] of history.slice(-20))
          for (const [seat, id] of adds) expect(old.get(seat, id)).toBe(then.get(`${seat}|${id}`));
      },
    ),
  );
});
