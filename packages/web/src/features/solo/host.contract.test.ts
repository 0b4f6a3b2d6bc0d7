/**
 * The solo host under the host contract (`@hearts/table/host-contract`): the person at seat 0 of the table driver in
 * the page, bots deciding at once, time by hand (`ManualScheduler`); a restart is a reload (a new host resuming the
 * stored game), and undo is allowed, as the app's solo table allows it.
 */
import { seededRandom } from '@hearts/engine';
import { hostContract, type HostUnderTest } from '@hearts/table/host-contract';
import { ManualScheduler } from '@hearts/table/testing';
import { memoryStore } from '../../kit/storage';
import { SoloTable, directBots } from './host';

async function soloHost(): Promise<HostUnderTest> {
  const store = memoryStore();
  const time = new ManualScheduler();
  let n = 0;
  const make = () =>
    new SoloTable({
      store,
      bots: directBots(() => seededRandom(`contract-${n++}`)),
      scheduler: time,
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
      undo: true,
    });
  let solo = make();
  return {
    name: 'solo',
    async open(rules) {
      if (!solo.start(rules, 'easy').ok) throw new Error('rules refused');
      return solo;
    },
    async until(seat, what, done) {
      for (let i = 0; i < 20_000; i++) {
        if (seat.state && done(seat.state)) return;
        await (seat as SoloTable).idle(); // the driver's queue, bots included
        const due = time.next(time.t + 60_000);
        if (due) due();
        else await Promise.resolve();
      }
      throw new Error(`never got to ${what}`);
    },
    async restart(seat) {
      (seat as SoloTable).leave();
      solo = make();
      if (!solo.resume()) throw new Error('nothing to resume');
      return solo;
    },
    takeover: null, // the solo table waits for its one player
    undo: (seat) => (seat as SoloTable).undo(),
    async close() {
      solo.leave();
    },
  };
}

hostContract(soloHost);
