// @vitest-environment happy-dom
import { isRightAnswer } from '@hearts/practice/training';
import { optionOf, type TrainingPosition } from '@hearts/protocol/http/training';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore, type KeyValueStore } from '../../kit/storage';
import { pages } from '../../app/pages';
import { addPositions, EMPTY_TRAINING, loadTraining, saveTraining } from './device';
import { starterPositions } from './starter';
import { openApp } from '../../test-support';

function renderApp(lang: 'de' | 'en', store: KeyValueStore) {
  return openApp('#/training', { lang, store, pages });
}

afterEach(cleanup);

const starter = starterPositions();
const firstPlay = starter.findIndex((p) => p.kind === 'play');
/** A legal card of a play position whose answer is wrong (the card played in the game is one). */
const wrongCard = (p: TrainingPosition) => p.observation.legal.find((c) => !isRightAnswer(p, [c]))!;

async function goTo(index: number) {
  for (let i = 0; i < index; i++) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText(`Position ${index + 1} of ${starter.length}`);
}

describe('the training page', () => {
  it('offers the starter set to a new player; a right card is counted as solved, on the device', async () => {
    const store = memoryStore();
    renderApp('en', store);
    expect(await screen.findByText(`Position 1 of ${starter.length}`, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Bots’ games' })).toHaveProperty('checked', true);
    expect(screen.getByText(`Solved: 0 of ${starter.length}`)).toBeTruthy();
    await goTo(firstPlay);
    const p = starter[firstPlay]!;
    expect(screen.getByText(/The bot played .* Find a better card\./)).toBeTruthy();
    // The hand's earlier tricks, every one, not only the last: who played which card, who took it.
    const earlier = document.querySelectorAll('.training-earlier li');
    expect(p.observation.tricks.length).toBeGreaterThan(1);
    expect(earlier).toHaveLength(p.observation.tricks.length);
    expect(screen.getByText(`Tricks of this hand so far (${p.observation.tricks.length})`)).toBeTruthy();
    expect(earlier[0]!.textContent).toMatch(/^1\. .+ · .+ → trick to \S/);
    // The seat's own hand, nothing else: as many cards as the observation holds.
    const hand = screen.getByRole('group', { name: /hand/i });
    expect(within(hand).getAllByRole('button')).toHaveLength(p.observation.hand.length);

    fireEvent.click(document.querySelector(`[data-card="${wrongCard(p)}"]`)!);
    expect(screen.getByText(/Not quite:/)).toBeTruthy();
    expect(screen.getByText(`Solved: 0 of ${starter.length}`)).toBeTruthy();
    // The evaluation: every option with its points, best first.
    const rows = within(screen.getByRole('table', { name: /The options/ })).getAllByRole('row');
    expect(rows).toHaveLength(p.options.length + 1);
    expect(rows[1]!.textContent).toContain(p.options[0]!.points.toFixed(2));

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(document.querySelector(`[data-card="${p.best[0]}"]`)!);
    expect(screen.getByText(/Right!/)).toBeTruthy();
    expect(screen.getByText(`Solved: 1 of ${starter.length}`)).toBeTruthy();
    expect(loadTraining(store).progress[p.id]).toMatchObject({ attempts: 2, solved: true });
    // Without a token nothing goes to a server: kept here.
    expect(await screen.findByText(/Kept on this device\. Sign in/)).toBeTruthy();
  });

  it('shows the player’s own positions first, in German, and filters them', async () => {
    const store = memoryStore();
    const p = starter[firstPlay]!;
    const own: TrainingPosition = { ...p, source: 'own', game: 'g1', createdAt: 5 };
    saveTraining(store, addPositions(EMPTY_TRAINING, [own]));
    renderApp('de', store);
    expect(await screen.findByText('Stellung 1 von 1', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Deine Spiele' })).toHaveProperty('checked', true);
    expect(screen.getByText(/In deinem Spiel hast du hier .* gespielt/)).toBeTruthy();
    const best = optionOf(own, own.best)!;
    fireEvent.click(document.querySelector(`[data-card="${best.move[0]}"]`)!);
    expect(screen.getByText(/Richtig!/)).toBeTruthy();
    expect(screen.getByText('Gelöst: 1 von 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Alle' }));
    expect(screen.getByText(`Stellung 1 von ${starter.length + 1}`)).toBeTruthy();
    // The same decision solved once: the starter copy of it counts as solved too (one id).
    expect(screen.getByText(`Gelöst: 2 von ${starter.length + 1}`)).toBeTruthy();
  });
});
