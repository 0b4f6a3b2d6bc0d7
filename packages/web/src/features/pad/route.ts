/**
 * The pad's screens by the URL's hash: `#/pad` (the list), `#/pad/new`, `#/pad/<id>` (the sheet) and
 * `#/pad/<id>/print`.
 *
 * ```ts
 * parsePadRoute('#/pad/3f2a/print'); // { view: 'print', id: '3f2a' }
 * ```
 */
export type PadRoute =
  | { readonly view: 'list' }
  | { readonly view: 'new' }
  | { readonly view: 'sheet'; readonly id: string }
  | { readonly view: 'print'; readonly id: string };

export function parsePadRoute(hash: string): PadRoute {
  const parts = hash.replace(/^#?\/?/, '').split('/');
  if (parts[0] !== 'pad' || !parts[1]) return { view: 'list' };
  if (parts[1] === 'new') return { view: 'new' };
  let id: string;
  try {
    id = decodeURIComponent(parts[1]);
  } catch {
    return { view: 'list' };
  }
  return parts[2] === 'print' ? { view: 'print', id } : { view: 'sheet', id };
}

export const padRoute = (r: PadRoute): string =>
  r.view === 'list'
    ? '/pad'
    : r.view === 'new'
      ? '/pad/new'
      : `/pad/${encodeURIComponent(r.id)}${r.view === 'print' ? '/print' : ''}`;
