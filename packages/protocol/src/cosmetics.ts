/**
 * The shop's cosmetics: card backs, card faces, tables and avatar frames, bought with chips (never real money).
 * The server sells and stores them; the web app draws them (SVG and CSS) by their ids. The first item of each
 * slot is free and owned by everyone.
 *
 * ```ts
 * cosmetic('back-lattice'); // { id: 'back-lattice', slot: 'back', price: 20000 }
 * lookOf({ back: 'back-lattice' }); // every other slot at its free default
 * ```
 */

export const COSMETIC_SLOTS = ['back', 'face', 'table', 'frame'] as const;
export type CosmeticSlot = (typeof COSMETIC_SLOTS)[number];

/** One thing to buy. Ids start with their slot's name. */
export interface Cosmetic {
  readonly id: string;
  readonly slot: CosmeticSlot;
  readonly price: number; // chips; 0: free, owned by everyone
}

export const COSMETICS: readonly Cosmetic[] = [
  { id: 'back-classic', slot: 'back', price: 0 },
  { id: 'back-lattice', slot: 'back', price: 20_000 },
  { id: 'back-waves', slot: 'back', price: 25_000 },
  { id: 'back-stars', slot: 'back', price: 35_000 },
  { id: 'back-hearts', slot: 'back', price: 50_000 },
  { id: 'face-standard', slot: 'face', price: 0 },
  { id: 'face-jumbo', slot: 'face', price: 40_000 },
  { id: 'face-parchment', slot: 'face', price: 60_000 },
  { id: 'table-felt', slot: 'table', price: 0 },
  { id: 'table-midnight', slot: 'table', price: 30_000 },
  { id: 'table-burgundy', slot: 'table', price: 30_000 },
  { id: 'table-walnut', slot: 'table', price: 45_000 },
  { id: 'table-slate', slot: 'table', price: 45_000 },
  { id: 'frame-none', slot: 'frame', price: 0 },
  { id: 'frame-silver', slot: 'frame', price: 25_000 },
  { id: 'frame-gold', slot: 'frame', price: 50_000 },
  { id: 'frame-hearts', slot: 'frame', price: 60_000 },
  { id: 'frame-laurel', slot: 'frame', price: 75_000 },
];

/** What a player shows at a live table: one item per slot. */
export interface SeatLook {
  readonly back: string;
  readonly face: string;
  readonly table: string;
  readonly frame: string;
}

export const DEFAULT_LOOK: SeatLook = {
  back: 'back-classic',
  face: 'face-standard',
  table: 'table-felt',
  frame: 'frame-none',
};

const BY_ID = new Map(COSMETICS.map((c) => [c.id, c]));

/** The cosmetic with this id, or undefined. */
export const cosmetic = (id: unknown): Cosmetic | undefined =>
  typeof id === 'string' ? BY_ID.get(id) : undefined;

/** A full look from a partial one: unknown or missing items fall back to the slot's default. */
export function lookOf(partial: Partial<Record<CosmeticSlot, unknown>> | null | undefined): SeatLook {
  const pick = (slot: CosmeticSlot): string => {
    const c = cosmetic(partial?.[slot]);
    return c && c.slot === slot ? c.id : DEFAULT_LOOK[slot];
  };
  return { back: pick('back'), face: pick('face'), table: pick('table'), frame: pick('frame') };
}
