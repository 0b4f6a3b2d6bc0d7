// @vitest-environment happy-dom
import { TableClient } from '@hearts/live';
import type { LobbyMessage } from '@hearts/protocol/socket';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { inApp } from '../../test-support';
import { FriendsLobby } from './LivePages';

const store = memoryStore();

function wrap(lang: 'en' | 'de', children: ReactNode) {
  return inApp(children, { lang, store });
}

/** The room as a guest (Ben) sees it; Ana is the host. */
const lobby = (options: LobbyMessage['options'], players = 4): LobbyMessage => ({
  code: 'ABCDEF',
  members: [
    { name: 'Ana', host: true, you: false, connected: true },
    { name: 'Ben', host: false, you: true, connected: true },
  ],
  options,
  players,
  reconnectMs: 60_000,
});

/** The rules shown, as "name: value" lines. */
const shown = (container: HTMLElement) =>
  [...container.querySelectorAll('.rules-summary > div')].map(
    (d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`,
  );

afterEach(cleanup);

describe('a friends’ room', () => {
  it('shows a guest the host’s rules, and follows when the host changes them', () => {
    const client = new TableClient({ url: 'http://127.0.0.1:9', token: 'unused', roomId: 'ABCDEF' }); // never connected
    client.lobby = lobby({ rules: {}, botLevel: 'medium' });
    const { container, rerender, getByText } = render(wrap('en', <FriendsLobby client={client} />));
    expect(shown(container)).toEqual(['Rule set: Standard', 'Players: 4', 'Play to (points): 50']);
    expect(getByText('The host chooses the options and starts the game.')).toBeTruthy();

    // The host picks Omnibus to 100 with the shooter's choice (a `lobby` message replaces the room's picture).
    client.lobby = lobby({
      rules: { targetScore: 100, jackOfDiamonds: -10, moon: 'shooterChoice', queenBreaksHearts: true },
      botLevel: 'hard',
    });
    rerender(wrap('en', <FriendsLobby client={client} />));
    expect(shown(container)).toEqual([
      'Rule set: Custom',
      'Players: 4',
      'Play to (points): 100',
      'Shooting the moon: Shooter chooses',
      'Q♠ breaks hearts: yes',
      'J♦ scores −10 (Omnibus): yes',
    ]);
    expect(container.textContent).toContain('Bots in empty seats: Hard');
  });

  it('in German, with a rule set by its name and an option switched off', () => {
    const client = new TableClient({ url: 'http://127.0.0.1:9', token: 'unused', roomId: 'ABCDEF' });
    client.lobby = lobby(
      {
        rules: { players: 3, passCycle: 'right', blackMariaSpades: true, heartsMustBeBroken: false },
        botLevel: 'easy',
      },
      3,
    );
    const { container } = render(wrap('de', <FriendsLobby client={client} />));
    expect(shown(container)).toEqual([
      'Regelwerk: Eigene',
      'Spieler: 3',
      'Weitergabe: immer nach rechts',
      'Spiel bis (Punkte): 50',
      'Herz erst ausspielen, wenn Herz gebrochen ist: nein',
      'Pik-König 10, Pik-Ass 7: ja',
    ]);
  });
});
