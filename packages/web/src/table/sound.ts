/**
 * The table's sounds: which ones a change of the seat's view makes (`soundsFor`, pure), and the port that plays
 * them (`SoundPort`): in the browser `webAudioSound()`, which synthesises every sound with the Web Audio API at
 * the moment it plays (no files, nothing to license); tests record what a port was asked to play.
 *
 * ```ts
 * const sound = webAudioSound();
 * for (const s of soundsFor(before, after)) sound.play(s); // e.g. ['card', 'queen']
 * ```
 */
import { randomFloat, seededRandom, type Observation } from '@hearts/engine';
import type { LiveState } from '@hearts/table';
import { createContext } from 'react';

export const SOUNDS = ['card', 'trick', 'queen', 'moon'] as const;
/** card: a card is played; trick: a trick is taken; queen: a trick with the Q♠ is taken; moon: a moon is shot. */
export type SoundName = (typeof SOUNDS)[number];

/**
 * Plays sounds. `unlock` is called from a user gesture (a tap, a key), which browsers require before audio; it
 * resolves once sounds can play (or never will: it does not fail).
 */
export interface SoundPort {
  play(sound: SoundName): void;
  unlock(): Promise<void>;
}

/** A port that plays nothing. */
export const silentSound: SoundPort = { play: () => undefined, unlock: () => Promise.resolve() };

/** The port the app plays the tables' sounds through (the browser's Web Audio in src/app/main.tsx); silent unless given. */
export const SoundContext = createContext<SoundPort>(silentSound);

const handEnded = (o: Observation): boolean =>
  o.phase === 'deal' || o.phase === 'moon' || o.phase === 'gameOver';

/**
 * The sounds of the change from `prev` to `next` (one seat's picture of its table, solo or live): a card played
 * sounds `card`; the trick it completed sounds `trick`, or `queen` when it holds a Q♠ that counts; a shot moon
 * sounds `moon` when the hand ends (before the shooter's choice, under shooterChoice). Nothing for a first picture,
 * a snapshot on joining, an older or the same version, a pass or a deal.
 */
export function soundsFor(prev: LiveState | null, next: LiveState): SoundName[] {
  if (!prev || next.v <= prev.v || next.event.type !== 'play') return [];
  const a = prev.view;
  const b = next.view;
  const out: SoundName[] = ['card'];
  const sameHand = b.phase === 'play' && a.handNumber === b.handNumber;
  const ended = a.phase === 'play' && handEnded(b);
  if ((sameHand && b.tricks.length > a.tricks.length) || ended) {
    const trick = b.tricks[b.tricks.length - 1];
    const queen = b.rules.queenPoints !== 0 && trick !== undefined && trick.cards.includes('QS');
    out.push(queen ? 'queen' : 'trick');
  }
  if (ended) {
    const last = b.handResults[b.handResults.length - 1];
    const shot =
      b.phase === 'moon' ||
      (b.handResults.length > a.handResults.length && last !== undefined && last.shooter !== null);
    if (shot) out.push('moon');
  }
  return out;
}

/** One synthesised sound: what it does on an audio context at time `at`, at `volume`. */
type Synth = (ctx: AudioContext, at: number, volume: number) => void;

/** White noise for `seconds` (the same noise every time: it is a texture, not a secret). */
function noise(ctx: AudioContext, seconds: number): AudioBufferSourceNode {
  const buffer = ctx.createBuffer(1, Math.max(1, Math.round(ctx.sampleRate * seconds)), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  const rng = seededRandom(0x5eed);
  for (let i = 0; i < data.length; i++) data[i] = randomFloat(rng) * 2 - 1;
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  return src;
}

function envelope(ctx: AudioContext, at: number, peak: number, attack: number, decay: number): GainNode {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  return g;
}

function tone(
  ctx: AudioContext,
  at: number,
  freq: number,
  type: OscillatorType,
  peak: number,
  decay: number,
) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  const g = envelope(ctx, at, peak, 0.01, decay);
  osc.connect(g).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + decay + 0.05);
  return osc;
}

const SYNTHS: Record<SoundName, Synth> = {
  // A short snap of filtered noise: a card put down on felt.
  card: (ctx, at, v) => {
    const src = noise(ctx, 0.06);
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 2400;
    band.Q.value = 0.9;
    src
      .connect(band)
      .connect(envelope(ctx, at, 0.5 * v, 0.003, 0.05))
      .connect(ctx.destination);
    src.start(at);
  },
  // A soft swish falling in pitch: the cards swept to the winner.
  trick: (ctx, at, v) => {
    const src = noise(ctx, 0.25);
    const low = ctx.createBiquadFilter();
    low.type = 'lowpass';
    low.frequency.setValueAtTime(3000, at);
    low.frequency.exponentialRampToValueAtTime(500, at + 0.22);
    src
      .connect(low)
      .connect(envelope(ctx, at, 0.35 * v, 0.04, 0.18))
      .connect(ctx.destination);
    src.start(at);
  },
  // Two low, dark notes falling a fourth: the Q♠ taken.
  queen: (ctx, at, v) => {
    tone(ctx, at, 220, 'triangle', 0.4 * v, 0.35);
    tone(ctx, at + 0.18, 164.8, 'triangle', 0.4 * v, 0.5);
  },
  // A bright rising arpeggio: the moon shot.
  moon: (ctx, at, v) => {
    [523.3, 659.3, 784, 1046.5].forEach((f, i) => tone(ctx, at + i * 0.09, f, 'sine', 0.25 * v, 0.45));
  },
};

/**
 * Sounds synthesised with the Web Audio API. The audio context is made on the first sound or unlock and resumed
 * on `unlock` (browsers start audio only after a user gesture); until then, and where there is no Web Audio,
 * nothing plays and nothing fails.
 */
export function webAudioSound(volume = 0.6): SoundPort {
  let ctx: AudioContext | null = null;
  const context = (): AudioContext | null => {
    if (ctx) return ctx;
    const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Ctor) return null;
    try {
      ctx = new Ctor();
    } catch {
      return null;
    }
    return ctx;
  };
  return {
    unlock() {
      const c = context();
      return c && c.state === 'suspended' ? c.resume().catch(() => undefined) : Promise.resolve();
    },
    play(sound) {
      const c = context();
      if (!c || c.state !== 'running') return; // no gesture yet: silence rather than a queue of late sounds
      try {
        SYNTHS[sound](c, c.currentTime + 0.005, volume);
      } catch {
        // a sound is never worth an error at the table
      }
    },
  };
}
