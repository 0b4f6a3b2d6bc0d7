import { lazy, Suspense, type ReactNode } from 'react';
import { HelpPage } from '../features/rules/HelpPage';
import { HistoryPage } from '../features/history/HistoryPage';
import { ReplayPage } from '../features/history/ReplayPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { StatsPage } from '../features/stats/StatsPage';

/** The score pad, loaded on demand (src/features/pad). */
const PadScreen = lazy(() => import('../features/pad/PadScreen'));
/** Live play (src/features/live), loaded on demand. */
const LiveScreen = lazy(() => import('../features/live/LivePages'));
/** The rules page (src/features/rules), loaded on demand. */
const RulesPage = lazy(() => import('../features/rules/RulesPage'));
/** Player pages and the leaderboard (src/features/profile), and the shop (src/features/shop), loaded on demand. */
const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen'));
const ShopScreen = lazy(() => import('../features/shop/ShopScreen'));
/** The daily game (src/features/daily), loaded on demand. */
const DailyScreen = lazy(() => import('../features/daily/DailyScreen'));
/** Training positions (src/features/training), loaded on demand. */
const TrainingScreen = lazy(() => import('../features/training/TrainingScreen'));
/** Puzzles (src/features/puzzles), loaded on demand. */
const PuzzlesScreen = lazy(() => import('../features/puzzles/PuzzlesScreen'));
/** Friends (src/features/live/FriendsPage.tsx), loaded on demand. */
const FriendsPage = lazy(() => import('../features/live/FriendsPage'));
/** Tournaments (src/features/tournament), loaded on demand. */
const TournamentScreen = lazy(() => import('../features/tournament/TournamentScreen'));
/** How the fair shuffle of live tables works (src/features/live). */
const FairShufflePage = lazy(() => import('../features/live/FairShufflePage'));

/** The screens besides the start screen and the table, by the first part of their route. */
export const pages: Readonly<Record<string, (rest: string) => ReactNode>> = {
  settings: () => <SettingsPage />,
  help: () => <HelpPage />,
  rules: (at) => (
    <Suspense fallback={null}>
      <RulesPage key={at} at={at} />
    </Suspense>
  ),
  history: () => <HistoryPage />,
  stats: () => <StatsPage />,
  replay: (id) => <ReplayPage key={id} id={id} />,
  pad: () => (
    <Suspense fallback={null}>
      <PadScreen />
    </Suspense>
  ),
  live: (rest) => (
    <Suspense fallback={null}>
      <LiveScreen rest={rest} />
    </Suspense>
  ),
  profile: (rest) => (
    <Suspense fallback={null}>
      <ProfileScreen section="profile" rest={rest} />
    </Suspense>
  ),
  leaderboard: () => (
    <Suspense fallback={null}>
      <ProfileScreen section="leaderboard" rest="" />
    </Suspense>
  ),
  fair: () => (
    <Suspense fallback={null}>
      <FairShufflePage />
    </Suspense>
  ),
  shop: () => (
    <Suspense fallback={null}>
      <ShopScreen />
    </Suspense>
  ),
  training: () => (
    <Suspense fallback={null}>
      <TrainingScreen />
    </Suspense>
  ),
  puzzles: (rest) => (
    <Suspense fallback={null}>
      <PuzzlesScreen rest={rest} />
    </Suspense>
  ),
  friends: () => (
    <Suspense fallback={null}>
      <FriendsPage />
    </Suspense>
  ),
  daily: (rest) => (
    <Suspense fallback={null}>
      <DailyScreen rest={rest} />
    </Suspense>
  ),
  tournaments: (rest) => (
    <Suspense fallback={null}>
      <TournamentScreen rest={rest} />
    </Suspense>
  ),
};
