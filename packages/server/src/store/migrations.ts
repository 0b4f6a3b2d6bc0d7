/**
 * Schema migrations, in order. Portable DDL only (Kysely's schema builder, no dialect-specific SQL), so the same
 * list migrates SQLite and PostgreSQL.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { linkId } from '../ids.js';
import { chipCapsMigration, ratingsChipsMigration } from './progress-migrations.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_played_at', 'bigint')
        .execute();
      await db.schema
        .createTable('tables')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('seats', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('result', 'text')
        .addColumn('record', 'text')
        .execute();
      await db.schema.createIndex('tables_status').on('tables').column('status').execute();
      await db.schema
        .createTable('events')
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull().references('tables.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('seat', 'integer')
        .addColumn('client_id', 'varchar(64)')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('events_pk', ['table_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('events_client_id')
        .on('events')
        .columns(['table_id', 'seat', 'client_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('table_players')
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull().references('tables.id'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)')
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('bot_level', 'varchar(16)')
        .addColumn('replaced', 'integer', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('rating_before', 'double precision')
        .addColumn('rating_after', 'double precision')
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('table_players_pk', ['table_id', 'seat'])
        .execute();
      await db.schema
        .createIndex('table_players_user')
        .on('table_players')
        .columns(['user_id', 'finished_at'])
        .execute();
      await db.schema
        .createTable('bot_ratings')
        .addColumn('level', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_ratings_chips': ratingsChipsMigration, // ratings, player records, chips, cosmetics
  '0003_lobbies': {
    // friends' rooms before their game starts, so that they outlive a restart
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lobbies')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('host_id', 'varchar(40)')
        .addColumn('members', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('bot_level', 'varchar(16)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0004_token_generation': {
    // tokens carry the user's generation; claiming the name or signing out everywhere moves it on
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0005_chip_caps': chipCapsMigration, // wins paid per player, day and daily cap (atomic caps)
  '0006_daily': {
    // the daily game: each day's committed seed, and one attempt per player and day (the primary key)
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('daily_days')
        .addColumn('date', 'varchar(10)', (c) => c.primaryKey())
        .addColumn('seed', 'varchar(64)', (c) => c.notNull())
        .addColumn('commitment', 'varchar(64)', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('par', 'text')
        .execute();
      await db.schema
        .createTable('daily_attempts')
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('points', 'text')
        .addColumn('total', 'integer')
        .addColumn('left_early', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('finished_at', 'bigint')
        .addPrimaryKeyConstraint('daily_attempts_pk', ['date', 'user_id'])
        .execute();
      await db.schema
        .createIndex('daily_attempts_user')
        .on('daily_attempts')
        .columns(['user_id', 'date'])
        .execute();
    },
  },
  '0007_friends': {
    // friendships, one row per pair (lower id first: crossing requests meet in the primary key), and invites
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('friendships')
        .addColumn('user_low', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_high', 'varchar(40)', (c) => c.notNull())
        .addColumn('requester', 'varchar(40)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('accepted_at', 'bigint')
        .addPrimaryKeyConstraint('friendships_pk', ['user_low', 'user_high'])
        .execute();
      await db.schema.createIndex('friendships_high').on('friendships').column('user_high').execute();
      await db.schema
        .createTable('friend_invites')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('from_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('to_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('room_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('friend_invites_to')
        .on('friend_invites')
        .columns(['to_id', 'expires_at'])
        .execute();
    },
  },
  '0008_manners': {
    // blocks, reports for moderators, tables' chat lines, rated games left early (the quick-match cool-down)
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('blocked_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .execute();
      await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();
      await db.schema
        .createTable('reports')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('reporter_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('reported_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('handled_by', 'varchar(40)')
        .addColumn('handled_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('reports_once')
        .on('reports')
        .columns(['reporter_id', 'reported_id', 'table_id'])
        .unique()
        .execute();
      await db.schema.createIndex('reports_status').on('reports').columns(['status', 'created_at']).execute();
      await db.schema
        .createTable('table_chat')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('seat', 'integer')
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('table_chat_table')
        .on('table_chat')
        .columns(['table_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('leaves')
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaves_pk', ['table_id', 'user_id'])
        .execute();
      await db.schema.createIndex('leaves_user').on('leaves').columns(['user_id', 'created_at']).execute();
    },
  },
  '0010_training': {
    // signed-in players' training positions and their progress at positions (own and the starter set's)
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('training_positions')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('id', 'varchar(40)', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('training_positions_pk', ['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('training_positions_age')
        .on('training_positions')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('training_progress')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('position_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('solved', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('training_progress_pk', ['user_id', 'position_id'])
        .execute();
      await db.schema
        .createIndex('training_progress_age')
        .on('training_progress')
        .columns(['user_id', 'at'])
        .execute();
    },
  },
  '0011_tournaments': {
    // arena tournaments: settings and times, entrants (one row per player), and the games (tables) they opened
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tournaments')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('host_id', 'varchar(40)')
        .addColumn('schedule_key', 'varchar(64)', (c) => c.unique())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('tournaments_status')
        .on('tournaments')
        .columns(['status', 'starts_at'])
        .execute();
      await db.schema
        .createTable('tournament_entrants')
        .addColumn('tournament_id', 'varchar(40)', (c) => c.notNull().references('tournaments.id'))
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('presence', 'varchar(16)', (c) => c.notNull())
        .addColumn('presence_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_entrants_pk', ['tournament_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('tournament_entrants_user')
        .on('tournament_entrants')
        .columns(['user_id', 'joined_at'])
        .execute();
      await db.schema
        .createTable('tournament_games')
        .addColumn('game_id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('tournament_id', 'varchar(40)', (c) => c.notNull().references('tournaments.id'))
        .addColumn('seats', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('result', 'text')
        .execute();
      await db.schema
        .createIndex('tournament_games_tournament')
        .on('tournament_games')
        .columns(['tournament_id', 'started_at'])
        .execute();
    },
  },
  '0013_bounds': {
    // issue #42: chat removed by age (the retention job's index); who watched a table (blocking by seat); a
    // friendship's own id (requests name no user id) and each player's choice of who may ask them
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('table_chat_age').on('table_chat').column('created_at').execute();
      await db.schema.createIndex('reports_table').on('reports').columns(['table_id', 'status']).execute();
      await db.schema
        .createTable('table_watchers')
        .addColumn('table_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('table_watchers_pk', ['table_id', 'user_id'])
        .execute();
      await db.schema.createIndex('table_watchers_age').on('table_watchers').column('at').execute();
      await db.schema.alterTable('friendships').addColumn('id', 'varchar(40)').execute();
      const pairs = await sql<{
        user_low: string;
        user_high: string;
      }>`SELECT user_low, user_high FROM friendships`.execute(db);
      for (const p of pairs.rows)
        await sql`UPDATE friendships SET id = ${linkId()} WHERE user_low = ${p.user_low} AND user_high = ${p.user_high}`.execute(
          db,
        );
      await db.schema.createIndex('friendships_id').on('friendships').column('id').unique().execute();
      await db.schema
        .createTable('friend_settings')
        .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('requests', 'varchar(16)', (c) => c.notNull())
        .execute();
    },
  },
  '0014_puzzles': {
    // puzzle ratings (players' and the puzzles' that moved), the puzzles offered and their answers, streaks and storms
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('puzzle_players')
        .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('rd', 'double precision', (c) => c.notNull())
        .addColumn('vol', 'double precision', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('solved', 'integer', (c) => c.notNull())
        .addColumn('streak_best', 'integer', (c) => c.notNull())
        .addColumn('storm_best', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('puzzle_ratings')
        .addColumn('puzzle_id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('rd', 'double precision', (c) => c.notNull())
        .addColumn('vol', 'double precision', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('solved', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('puzzle_ratings_moved').on('puzzle_ratings').column('updated_at').execute();
      await db.schema
        .createTable('puzzle_attempts')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('puzzle_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('theme', 'varchar(16)')
        .addColumn('run_id', 'varchar(40)')
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('offered_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('answered_at', 'bigint')
        .addColumn('outcome', 'varchar(8)')
        .addColumn('answer', 'varchar(40)')
        .addColumn('player_before', 'double precision')
        .addColumn('player_after', 'double precision')
        .addColumn('puzzle_before', 'double precision')
        .addColumn('puzzle_rd_before', 'double precision')
        .addColumn('puzzle_after', 'double precision')
        .execute();
      await db.schema
        .createIndex('puzzle_attempts_user')
        .on('puzzle_attempts')
        .columns(['user_id', 'puzzle_id'])
        .execute();
      await db.schema
        .createIndex('puzzle_attempts_open')
        .on('puzzle_attempts')
        .columns(['user_id', 'mode', 'answered_at'])
        .execute();
      await db.schema
        .createTable('puzzle_runs')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint')
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('over', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '0015_shares': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shares')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('source', 'varchar(8)', (c) => c.notNull())
        .addColumn('table_id', 'varchar(40)')
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('shares_user_digest')
        .on('shares')
        .columns(['user_id', 'digest'])
        .unique()
        .execute();
    },
  },
  '0016_deletions': {
    // Deleted users' ids (issue #49): a game running at their deletion finishes under the neutral name.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deleted_users')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('deleted_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0017_daily_ranked': {
    // the daily ranking counts names claimed before the day (docs/daily.md): when each name was claimed (the
    // names claimed before this migration: as of their account's creation), and whether an attempt is ranked (the
    // attempts before it: as they were shown, on the board)
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('claimed_at', 'bigint').execute();
      await sql`update users set claimed_at = created_at where password_hash is not null`.execute(db);
      await db.schema
        .alterTable('daily_attempts')
        .addColumn('ranked', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  },
  '0018_friend_requests_age': {
    // issue #42: open friend requests run out (the retention job's index: one DELETE by status and age)
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('friendships_pending_age')
        .on('friendships')
        .columns(['status', 'created_at'])
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * Brings the database up to the newest schema; throws with the failing migration's error. `schema` names where
 * the migration bookkeeping lives (PostgreSQL: without it, Kysely would take another schema's for ours).
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    // Work lands in parallel: a migration may land after one numbered above it ran somewhere (each is
    // independent of the others' order); it runs then, rather than the database refusing to open.
    // Migrations are numbered as they are planned and may land out of order (0013 and 0014 before 0012): each
    // stands alone.
    allowUnorderedMigrations: true,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
