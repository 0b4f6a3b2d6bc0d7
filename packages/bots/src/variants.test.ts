import { describe, expect, test } from 'vitest';
import { EXPERT, SearchBot } from './search/index.js';
import { createVariant, isVariant } from './variants.js';

const paramsOf = (name: string) => {
  const bot = createVariant(name);
  if (!(bot instanceof SearchBot)) throw new Error(`${name}: no search bot`);
  return bot.params;
};

describe('the variants of the expert', () => {
  test('each name sets its parameters on the expert and nothing else', () => {
    expect(paramsOf('expert+run')).toEqual({ ...EXPERT, strongRunner: 'suspect' });
    expect(paramsOf('expert+runall')).toEqual({ ...EXPERT, strongRunner: 'all' });
    expect(paramsOf('expert+blindrun')).toEqual({ ...EXPERT, strongRunner: 'suspect', runnerSees: 'own' });
    expect(paramsOf('expert+blindrunall')).toEqual({ ...EXPERT, strongRunner: 'all', runnerSees: 'own' });
    expect(paramsOf('expert+moon10')).toEqual({ ...EXPERT, moonWatch: 0.1 });
    expect(paramsOf('expert+runmoon25')).toEqual({ ...EXPERT, moonWatch: 0.25, strongRunner: 'suspect' });
    expect(paramsOf('expert+moonpass')).toEqual({ ...EXPERT, strongRunner: 'all', moonPass: true });
    expect(paramsOf('expert+passmoon')).toEqual({ ...EXPERT, moonPass: true });
    expect(paramsOf('expert+passmoonrun')).toEqual({ ...EXPERT, moonPass: true, moonPassRunner: 'all' });
    expect(paramsOf('expert+passmoonblindrun')).toEqual({ ...EXPERT, moonPass: true, moonPassRunner: 'own' });
    expect(paramsOf('expert+believe25')).toEqual({ ...EXPERT, strongRunner: 'suspect', runBelief: 0.25 });
    expect(paramsOf('expert+readrun10')).toEqual({ ...EXPERT, readRun: 0.1 });
    expect(paramsOf('expert+suspectrun5')).toEqual({ ...EXPERT, readRun: 0.05, readRunSuspect: true });
    expect(paramsOf('expert+value2').valueCut).toBe(2);
  });

  test.each([
    'expert+moon0',
    'expert+run10',
    'expert+runmoon',
    'expert+runall10',
    'expert+blind',
    'expert+passmoonblind',
    'expert+moon100',
    'expert+believe0',
    'expert+believe100',
    'expert+readrun0',
    'expert+suspectrun',
    'hard+run',
    'expert+',
  ])('%s is no variant', (name) => {
    expect(isVariant(name)).toBe(false);
    expect(createVariant(name)).toBeNull();
  });
});
