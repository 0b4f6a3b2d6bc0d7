import { describe, expect, test } from 'vitest';
import { answerBotRequest, type BotRequest } from './bot-worker.js';

describe('the bot worker', () => {
  const request: BotRequest = {
    id: 7,
    level: 'easy',
    timeMs: 10,
    observation: {} as BotRequest['observation'],
  };

  test('answers with the decision, arguments in the order of the table’s BotPort', () => {
    const asked: unknown[] = [];
    const answer = answerBotRequest(request, (observation, level, timeMs) => {
      asked.push([observation, level, timeMs]);
      return { kind: 'play', card: '2C' };
    });
    expect(answer).toEqual({ id: 7, ok: true, decision: { kind: 'play', card: '2C' } });
    expect(asked).toEqual([[request.observation, 'easy', 10]]);
  });

  test('answers with the error a bot threw, never throws', () => {
    expect(
      answerBotRequest(request, () => {
        throw new Error('no legal move');
      }),
    ).toEqual({ id: 7, ok: false, error: 'no legal move' });
  });
});
