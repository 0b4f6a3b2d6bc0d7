import { buildPosition, decideMessage, TACTICS } from '@hearts/bots';
import { seededRandom } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { BIN, ROOT, requireBuilt, runHearts, type Run } from '../../test/cli.js';
import { cpuClock } from '../clock.js';
import { ExternalBot } from '../external-bot.js';
import { splitBots } from './arena.js';

/** Runs the built `hearts` command (from the repository root, where examples/ is). */
const hearts = (args: string[], input?: string): Promise<Run> => runHearts(args, { cwd: ROOT, input });

const json = (r: Run): Record<string, unknown> => {
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
};

requireBuilt();

describe('hearts bot', () => {
  test('answers hello, decisions and bad lines, one line each, and stops on quit', async () => {
    const play = decideMessage(buildPosition(TACTICS.find((t) => t.id === 'duck-under-king')!).obs, 7);
    const moon = decideMessage(buildPosition(TACTICS.find((t) => t.moon === 'plus')!).obs, 8);
    const input = [
      '{"type":"hello","protocol":"hearts-bot/1"}',
      JSON.stringify(play),
      'this is not json',
      JSON.stringify({ ...play, id: 9, seat: 3 }),
      JSON.stringify(moon),
      '{"type":"quit"}',
      JSON.stringify(play), // after quit: not read
    ].join('\n');
    const r = await hearts(['bot', '--level', 'medium', '--seed', '1'], input + '\n');
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(6);
    expect(out[0]).toMatchObject({ type: 'hello', name: 'hearts medium' });
    expect(out[1]).toEqual({ type: 'move', id: 7, card: 'QD' });
    expect(out[2]).toMatchObject({ type: 'error' });
    expect(out[3]).toMatchObject({ type: 'error', id: 9 });
    expect(out[4]).toEqual({ type: 'move', id: 8, choice: 'plus' });
    expect(out[5]).toEqual({ type: 'bye' });
  });

  test('ends at the end of input', async () => {
    const r = await hearts(['bot', '--level', 'easy'], '{"type":"hello","protocol":"hearts-bot/1"}\n');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'hello' });
  });

  test('refuses an unknown level', async () => {
    const r = await hearts(['bot', '--level', 'grandmaster'], '');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--level must be one of');
  });

  test('--clock cpu: the expert thinks on the CPU time it uses; an unknown clock is refused', async () => {
    const play = decideMessage(buildPosition(TACTICS.find((t) => t.id === 'duck-under-king')!).obs, 7, 100);
    const r = await hearts(['bot', '--level', 'expert', '--clock', 'cpu'], JSON.stringify(play) + '\n');
    expect(r.code, r.stderr).toBe(0);
    const move = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(move).toMatchObject({ type: 'move', id: 7 });
    expect(play.legal).toContain(move['card']);
    expect((await hearts(['bot', '--level', 'expert', '--clock', 'sundial'], '')).code).toBe(2);
  });
});

describe('the CPU clock', () => {
  test('moves with the computing the process does, not with the time it waits', async () => {
    const before = cpuClock();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cpuClock() - before).toBeLessThan(150);
    const start = cpuClock();
    let spins = 0;
    while (cpuClock() - start < 20) spins++; // ends however busy the machine is: only this process's CPU counts
    expect(spins).toBeGreaterThan(0);
  });
});

describe('hearts arena', () => {
  test('the same result on one worker and on two, as one line of JSON', async () => {
    const args = ['arena', '--bots', 'medium,random', '--deals', '3', '--seed', '4', '--json'];
    const one = json(await hearts([...args, '--workers', '1']));
    const two = json(await hearts([...args, '--workers', '2']));
    expect(two).toEqual(one);
    expect(one).toMatchObject({ bots: ['medium', 'random'], deals: 3, seatings: 8, hands: 24, incidents: 0 });
    const results = one['results'] as { bot: string; points: { mean: number }; seatHands: number }[];
    expect(results.map((r) => r.seatHands)).toEqual([48, 48]);
  });

  test('--field: each bot alone against the field, the same on one worker and two; the field is one bot', async () => {
    const args = [
      'arena',
      '--bots',
      'easy,random',
      '--field',
      'medium',
      '--deals',
      '2',
      '--seed',
      '6',
      '--json',
    ];
    const one = json(await hearts([...args, '--workers', '1']));
    expect(json(await hearts([...args, '--workers', '2']))).toEqual(one);
    expect(one).toMatchObject({
      bots: ['easy', 'random', 'medium'],
      field: 'medium',
      seatings: 9,
      hands: 18,
    });
    const results = one['results'] as { seatHands: number }[];
    expect(results.map((r) => r.seatHands)).toEqual([8, 8, 8]);
    const text = await hearts(args.slice(0, -1));
    expect(text.stdout).toMatch(/^easy, random against a field of medium: 2 deals × 9 seatings/);
    expect(text.stdout).toMatch(/easy − medium: /);
    for (const bad of [
      ['--field', 'medium,easy'],
      ['--field', 'wizard'],
      ['--field', ''],
    ]) {
      const r = await hearts(['arena', '--bots', 'easy', '--deals', '1', ...bad]);
      expect(r.code, bad.join(' ')).toBe(2);
    }
  });

  test('plays the example bot over hearts-bot/1 (cmd:node examples/random-bot.mjs)', async () => {
    const r = json(
      await hearts(['arena', '--bots', 'medium,cmd:node examples/random-bot.mjs', '--deals', '2', '--json']),
    );
    expect(r['incidents']).toBe(0);
    expect(r['bots']).toEqual(['medium', 'cmd:node examples/random-bot.mjs']);
  });

  test('plays our own bot as an external program, under other rules', async () => {
    const cmd = `cmd:node ${JSON.stringify(BIN)} bot --level easy --seed 3`;
    const r = json(
      await hearts([
        'arena',
        '--bots',
        `medium,${cmd}`,
        '--deals',
        '2',
        '--rules',
        '{"players":3}',
        '--json',
      ]),
    );
    expect(r['incidents']).toBe(0);
    expect(r['hands']).toBe(12);
  });

  test('--clock cpu: our bots think on the CPU time they use; it needs one worker', async () => {
    const r = json(
      await hearts([
        'arena',
        '--bots',
        'expert',
        '--field',
        'easy',
        '--deals',
        '1',
        '--time-ms',
        '20',
        '--clock',
        'cpu',
        '--json',
      ]),
    );
    expect(r['incidents']).toBe(0);
    expect(r['hands']).toBe(5);
    for (const bad of [
      ['--clock', 'cpu', '--workers', '2'],
      ['--clock', 'sundial'],
    ]) {
      const x = await hearts(['arena', '--bots', 'easy', '--field', 'easy', '--deals', '1', ...bad]);
      expect(x.code, bad.join(' ')).toBe(2);
    }
  });

  test('--grace-ms: the time an external program may take beyond its budget', async () => {
    // Answers every decision with its first legal card after 100 ms.
    const script =
      "require('readline').createInterface({input:process.stdin}).on('line',l=>{const m=JSON.parse(l);setTimeout(()=>console.log(JSON.stringify(m.type==='hello'?{type:'hello',name:'slow'}:m.kind==='pass'?{type:'move',id:m.id,cards:m.legal.slice(0,3)}:{type:'move',id:m.id,card:m.legal[0]})),m.type==='hello'?0:100)})";
    const run = async (grace: string) =>
      json(
        await hearts([
          'arena',
          ...['--bots', `cmd:node -e ${JSON.stringify(script)}`, '--field', 'easy', '--deals', '1'],
          ...['--time-ms', '1', '--workers', '1', '--grace-ms', grace, '--json'],
        ]),
      );
    expect((await run('0'))['incidents']).toBeGreaterThan(0);
    expect((await run('3000'))['incidents']).toBe(0);
    expect(
      (await hearts(['arena', '--bots', 'easy', '--field', 'easy', '--deals', '1', '--grace-ms', '-1'])).code,
    ).toBe(2);
  });

  test('a crashing external bot is replaced by random legal moves and reported', async () => {
    const r = await hearts(['arena', '--bots', 'easy,cmd:node -e "process.exit(3)"', '--deals', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/moves replaced by random legal moves/);
    expect(r.stdout).toMatch(/exited with code 3|bad hello/);
  });

  test('prints a table with every statistic', async () => {
    const r = await hearts(['arena', '--bots', 'easy,random', '--deals', '2', '--workers', '1']);
    expect(r.code).toBe(0);
    for (const h of [
      'points/hand',
      '95% CI',
      'moons shot',
      'suffered',
      'stopped',
      'failed',
      'Q♠ taken',
      'game wins',
    ])
      expect(r.stdout).toContain(h);
    expect(r.stdout).toMatch(/easy − random: .* points per hand \(95% CI/);
    expect(r.stderr).toMatch(/arena: 16\/16 hands/);
  });

  test.each([
    [['--bots', 'medium,nobody', '--deals', '1'], 'unknown bot'],
    [['--bots', 'medium,easy'], '--deals is required'],
    [['--bots', 'medium,easy', '--deals', '1', '--rules', '{bad'], '--rules must be JSON'],
    [['--bots', 'medium,easy', '--deals', '1', '--rules', '{"players":9}'], 'players'],
    [['--bots', 'medium,easy,random', '--deals', '1'], 'one bot per seat'],
    [['--bots', 'medium,easy', '--deals', 'x'], '--deals must be a whole number'],
    [['--bots', 'medium,wizard@50', '--deals', '1'], 'unknown bot'],
    [['--bots', 'medium,easy@0', '--deals', '1'], 'whole number of milliseconds'],
    [['--bots', 'medium,easy@fast', '--deals', '1'], 'whole number of milliseconds'],
  ])('refuses %j', async (args, message) => {
    const r = await hearts(['arena', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  test('splits the bot list, keeping commas inside commands', () => {
    expect(splitBots('medium,easy')).toEqual(['medium', 'easy']);
    expect(splitBots('expert, cmd:node bot.mjs --opts a,b')).toEqual([
      'expert',
      'cmd:node bot.mjs --opts a,b',
    ]);
    expect(splitBots('cmd:a,cmd:b,hard')).toEqual(['cmd:a', 'cmd:b', 'hard']);
    expect(splitBots('cmd:node bot.mjs a,b,expert@500')).toEqual(['cmd:node bot.mjs a,b', 'expert@500']);
  });

  test('a bot with its own budget: expert@T is reported with T, the others with --time-ms', async () => {
    const r = json(
      await hearts([
        'arena',
        '--bots',
        'easy@7,random',
        '--deals',
        '1',
        '--time-ms',
        '9',
        '--workers',
        '1',
        '--json',
      ]),
    );
    const results = r.results as { bot: string; timeMs: number }[];
    expect(results.map((b) => [b.bot, b.timeMs])).toEqual([
      ['easy@7', 7],
      ['random', 9],
    ]);
  });
});

describe('external bots', () => {
  const obs = buildPosition(TACTICS[0]!).obs;
  const options = { timeMs: 50, random: seededRandom(1) };

  test('one that never says hello fails its decisions quickly', async () => {
    const bot = new ExternalBot('node -e "setInterval(() => {}, 1000)"', 'mute', {
      startMs: 300,
      log: () => {},
    });
    await expect(bot.decide(obs, options)).rejects.toThrow(/no answer|bad hello/);
    await bot.close();
  });

  test('a program first asked after a long busy stretch still says hello: it starts at its first decision', async () => {
    // A worker thread that plays our own bots for minutes serves no timer and no pipe meanwhile: a program started
    // with the thread would see its hello's deadline pass before its answer was read.
    const bot = new ExternalBot(
      `sh -c 'read line; echo "{\\"type\\":\\"hello\\",\\"name\\":\\"late\\"}"; sleep 30'`,
      'late',
      { startMs: 1000, graceMs: 50, log: () => {} },
    );
    const until = Date.now() + 1500;
    while (Date.now() < until); // busy, as a thread playing in-process bots is
    await expect(bot.decide(obs, options)).rejects.toThrow(/no answer within/); // it never plays: the hello passed
    expect(bot.botName).toBe('late');
    await bot.close();
  });

  test('a program never asked is never started', async () => {
    const bot = new ExternalBot('node -e "process.exit(3)"', 'unused', { log: () => {} });
    await bot.close(); // nothing to stop, nothing reported
    expect(bot.botName).toBeNull();
  });

  test('one that stops answering is stopped after three silent decisions', async () => {
    const script =
      "require('readline').createInterface({input:process.stdin}).on('line',l=>{if(JSON.parse(l).type==='hello')console.log(JSON.stringify({type:'hello',name:'lazy'}))})";
    const bot = new ExternalBot(`node -e ${JSON.stringify(script)}`, 'lazy', { graceMs: 100, log: () => {} });
    for (let i = 0; i < 3; i++) await expect(bot.decide(obs, options)).rejects.toThrow(/no answer/);
    await expect(bot.decide(obs, options)).rejects.toThrow(/stopped answering|killed|exited/);
    expect(bot.botName).toBe('lazy');
    await bot.close();
  });

  test('an illegal answer is refused with the reason', async () => {
    const script =
      "require('readline').createInterface({input:process.stdin}).on('line',l=>{const m=JSON.parse(l);console.log(JSON.stringify(m.type==='hello'?{type:'hello',name:'x'}:{type:'move',id:m.id,card:'2S'}))})";
    const bot = new ExternalBot(`node -e ${JSON.stringify(script)}`, 'cheat', { log: () => {} });
    await expect(bot.decide(obs, options)).rejects.toThrow(/not a legal play/);
    await bot.close();
  });
});
