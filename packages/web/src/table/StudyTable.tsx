/**
 * A position shown on its own to find the move (a puzzle: features/puzzles/PuzzleTable.tsx; a training position:
 * features/training/TrainingScreen.tsx): the one `Table`, drawn from a `studyView` (view.ts), with the feature's
 * bar below the top bar (its mode, its count …) and its panel below the prompt (the task; once answered, the
 * verdict and the evaluation). The classes the two share are in study.css. No game goes on here: no names but the
 * seats' positions, no cosmetics, no moon, no result; the menu button leaves to the feature's page.
 *
 * ```tsx
 * <StudyTable className="puzzle-table" view={studyView(obs, …)} bar={bar} onExit={…} … >{task or verdict}</StudyTable>
 * ```
 */
import type { CardName } from '@hearts/engine';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Table } from './Table';
import type { TableView } from './view';
import './study.css';

export function StudyTable({
  className,
  view,
  onExit,
  lastTrickOpen,
  setLastTrickOpen,
  onTap,
  onPass,
  bar,
  children,
}: {
  className: string; // the feature's own class on the screen, beside `study-table`
  view: TableView;
  onExit: () => void; // the menu button
  lastTrickOpen: boolean; // the last trick's panel is shown
  setLastTrickOpen: Dispatch<SetStateAction<boolean>>; // the feature keeps it: its view draws the last trick
  onTap: (card: CardName) => void;
  onPass: () => void;
  bar: ReactNode; // below the top bar, in the grid's `bar` area (class `study-bar`)
  children: ReactNode; // below the prompt, in the `study-panel`
}) {
  return (
    <Table
      className={`study-table ${className}`}
      view={view}
      nameOf={(seat) => view.seats[seat]!.name}
      names={view.seats.map((s) => s.name)}
      look={null}
      exit={{ kind: 'menu', onExit }}
      lastTrickOpen={lastTrickOpen}
      ui={{
        toggleLastTrick: () => setLastTrickOpen((o) => !o),
        closeLastTrick: () => setLastTrickOpen(false),
      }}
      onTap={onTap}
      onPass={onPass}
      onMoon={() => undefined}
      resultActions={null}
      shield={bar}
      notes={<div className="study-panel">{children}</div>}
    />
  );
}
