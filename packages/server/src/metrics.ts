/** Prometheus metrics of one server (its own registry, so several servers in one process never clash). */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  readonly moves: Counter<'by'>;
  readonly rejected: Counter<'code'>;
  readonly gamesFinished: Counter<'kind'>;
  readonly takeovers: Counter<'reason'>;
  readonly botFailures: Counter;
  readonly persistSeconds: Histogram;
  readonly tables: Gauge;
  readonly connections: Gauge;
  readonly queue: Gauge;
  readonly botsBusy: Gauge;
}

export function createMetrics(gauges: {
  tables(): number;
  connections(): number;
  queue(): number;
  botsBusy(): number;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  return {
    registry,
    moves: new Counter({
      name: 'hearts_moves_total',
      help: 'Accepted decisions',
      labelNames: ['by'],
      registers: [registry],
    }),
    rejected: new Counter({
      name: 'hearts_messages_rejected_total',
      help: 'Client messages answered with an error',
      labelNames: ['code'],
      registers: [registry],
    }),
    gamesFinished: new Counter({
      name: 'hearts_games_finished_total',
      help: 'Games played to the end',
      labelNames: ['kind'],
      registers: [registry],
    }),
    takeovers: new Counter({
      name: 'hearts_takeovers_total',
      help: 'Seats a bot took over',
      labelNames: ['reason'],
      registers: [registry],
    }),
    botFailures: new Counter({
      name: 'hearts_bot_failures_total',
      help: 'Bot decisions that failed (a legal card was played instead)',
      registers: [registry],
    }),
    persistSeconds: new Histogram({
      name: 'hearts_event_persist_seconds',
      help: 'Time to make an event durable',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
    tables: gauge('hearts_tables_active', 'Live tables and friends rooms in this process', gauges.tables),
    connections: gauge('hearts_connections', 'Open client connections', gauges.connections),
    queue: gauge('hearts_quick_match_waiting', 'Players waiting for a quick match', gauges.queue),
    botsBusy: gauge('hearts_bot_requests_pending', 'Bot decisions being computed', gauges.botsBusy),
  };
}
