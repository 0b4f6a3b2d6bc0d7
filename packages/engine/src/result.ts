/** The outcome of anything that can be refused: a value, or an error as data. The engine never throws on input. */
export type Result<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

/** The value of a result known to be ok (trusted input, tests). Throws with the error otherwise. */
export function unwrap<T, E>(r: Result<T, E>): T {
  if (r.ok) return r.value;
  throw new Error(`unexpected error: ${JSON.stringify(r.error)}`);
}
