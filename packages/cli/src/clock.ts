/**
 * The clocks our search bots may read for their deadlines: the wall clock (their default), or the CPU time this
 * process has used. On a busy machine a bot on the wall clock gets fewer sampled deals than on a quiet one; on the
 * CPU clock a decision gets its budget's worth of computing whatever else runs, so measurements do not depend on
 * the machine's load (one thread per process: the process's CPU time is its threads' together).
 */
import type { Clock } from '@hearts/bots';

export const CLOCKS = ['wall', 'cpu'] as const;
export type ClockName = (typeof CLOCKS)[number];

/** Milliseconds of CPU time (user and system) this process has used. */
export const cpuClock: Clock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The clock of a name: undefined for the wall clock (the bots' default). */
export function clockOf(name: ClockName): Clock | undefined {
  return name === 'cpu' ? cpuClock : undefined;
}

export function isClockName(x: string): x is ClockName {
  return (CLOCKS as readonly string[]).includes(x);
}
