/**
 * The tournament whose table the player went to: the tournament page keeps its id here (this tab only), and the
 * live table's bar and "back to the tournament" read it. The table it opened is kept too: a player who goes back
 * to the standings from their table is not sent to it again by the page (its "go to the table" button does).
 */
const KEY = 'hearts.tournament';
const TABLE_KEY = 'hearts.tournament.table';

export function rememberTournament(id: string, table: string | null = null): void {
  sessionStorage.setItem(KEY, id);
  if (table) sessionStorage.setItem(TABLE_KEY, table);
}
export const lastTournament = (): string | null => sessionStorage.getItem(KEY);
/** The tournament table the page last opened (or the player went to). */
export const openedTable = (): string | null => sessionStorage.getItem(TABLE_KEY);
