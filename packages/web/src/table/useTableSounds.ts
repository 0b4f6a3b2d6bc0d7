import type { LiveState } from '@hearts/table';
import { useContext, useEffect, useRef } from 'react';
import { useApp } from '../kit/context';
import { SoundContext, soundsFor } from './sound';

/**
 * Plays the table's sounds for each new picture of the seat's table (`soundsFor`), solo or live, through the app's
 * `SoundPort` (`SoundContext`) — only while the settings turn sound on. While on, every tap or key unlocks the audio (browsers
 * start it only after a user gesture).
 */
export function useTableSounds(live: LiveState | null | undefined): void {
  const { settings } = useApp();
  const sound = useContext(SoundContext);
  const on = settings.sound;
  const prev = useRef<LiveState | null>(null);
  useEffect(() => {
    const before = prev.current;
    prev.current = live ?? null;
    if (!on || !live) return;
    for (const s of soundsFor(before, live)) sound.play(s);
  }, [live, on, sound]);
  useEffect(() => {
    if (!on) return;
    const unlock = () => void sound.unlock();
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    return () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
    };
  }, [on, sound]);
}
