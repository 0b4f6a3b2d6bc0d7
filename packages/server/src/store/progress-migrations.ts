/**
 * Migration `0002_ratings_chips`: ratings and their history, the exactly-once results table, player records,
 * the chip ledger and wallets, cosmetics owned and chosen. Portable DDL only (Kysely's schema builder), so the same
 * migration runs on SQLite and PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const ratingsChipsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ratings')
      .addColumn('subject', 'varchar(48)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(40)')
      .addColumn('bot_level', 'varchar(16)')
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('last_played_at', 'bigint')
      .execute();
    await db.schema
      .createTable('rating_history')
      .addColumn('subject', 'varchar(48)', (c) => c.notNull())
      .addColumn('game_id', 'varchar(80)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addColumn('rating_before', 'double precision', (c) => c.notNull())
      .addColumn('rating_after', 'double precision', (c) => c.notNull())
      .addColumn('place', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rating_history_pk', ['subject', 'game_id'])
      .execute();
    await db.schema.createIndex('rating_history_at').on('rating_history').columns(['at']).execute();
    await db.schema
      .createTable('game_results')
      .addColumn('game_id', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('rated', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'varchar(40)')
      .addColumn('finished_at', 'bigint', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('player_games')
      .addColumn('game_id', 'varchar(80)', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('subject', 'varchar(48)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('rated', 'integer', (c) => c.notNull())
      .addColumn('left_game', 'integer', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('place', 'integer', (c) => c.notNull())
      .addColumn('hands', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('moons', 'integer', (c) => c.notNull())
      .addColumn('queens', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('player_games_pk', ['game_id', 'seat'])
      .execute();
    await db.schema
      .createIndex('player_games_subject')
      .on('player_games')
      .columns(['subject', 'finished_at'])
      .execute();
    await db.schema
      .createTable('chip_ledger')
      .addColumn('id', 'varchar(160)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'varchar(16)', (c) => c.notNull())
      .addColumn('ref', 'varchar(80)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chip_ledger_user')
      .on('chip_ledger')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('wallets')
      .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('cosmetics_owned')
      .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('item', 'varchar(40)', (c) => c.notNull())
      .addColumn('acquired_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cosmetics_owned_pk', ['user_id', 'item'])
      .execute();
    await db.schema
      .createTable('cosmetics_equipped')
      .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('slot', 'varchar(16)', (c) => c.notNull())
      .addColumn('item', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('cosmetics_equipped_pk', ['user_id', 'slot'])
      .execute();
  },
};

/**
 * Migration `0005_chip_caps`: wins paid per player, UTC day and daily cap, one row each, so that a cap is taken by
 * one conditional update (atomic on SQLite and PostgreSQL) instead of counting ledger rows.
 */
export const chipCapsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chip_caps')
      .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('cap', 'varchar(16)', (c) => c.notNull())
      .addColumn('wins', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('chip_caps_pk', ['user_id', 'day', 'cap'])
      .execute();
  },
};
