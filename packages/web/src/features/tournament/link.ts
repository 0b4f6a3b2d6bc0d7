/**
 * The tournament whose table the player went to: the tournament page keeps its id here (this tab only), and the
 * live table's "back to the tournament" reads it.
 */
const KEY = 'hearts.tournament';

export const rememberTournament = (id: string): void => sessionStorage.setItem(KEY, id);
export const lastTournament = (): string | null => sessionStorage.getItem(KEY);
