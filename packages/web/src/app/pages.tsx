import { lazy, Suspense, type ReactNode } from 'react';
import { HelpPage } from './HelpPage';
import { HistoryPage } from './HistoryPage';
import { ReplayPage } from './ReplayPage';
import { SettingsPage } from './SettingsPage';
import { StatsPage } from './StatsPage';

/** The score pad, loaded on demand (src/pad). */
const PadScreen = lazy(() => import('../pad/PadScreen'));
/** Live play (src/live), loaded on demand. */
const LiveScreen = lazy(() => import('../live/LivePages'));
/** The rules page (src/ui/rules), loaded on demand. */
const RulesPage = lazy(() => import('./rules/RulesPage'));
/** Player pages and the leaderboard (src/profile), and the shop (src/shop), loaded on demand. */
const ProfileScreen = lazy(() => import('../profile/ProfileScreen'));
const ShopScreen = lazy(() => import('../shop/ShopScreen'));
/** The daily game (src/daily), loaded on demand. */
const DailyScreen = lazy(() => import('../daily/DailyScreen'));
/** Training positions (src/training), loaded on demand. */
const TrainingScreen = lazy(() => import('../training/TrainingScreen'));
/** Friends (src/live/FriendsPage.tsx), loaded on demand. */
const FriendsPage = lazy(() => import('../live/FriendsPage'));
/** Tournaments (src/tournament), loaded on demand. */
const TournamentScreen = lazy(() => import('../tournament/TournamentScreen'));
/** How the fair shuffle of live tables works (src/live). */
const FairShufflePage = lazy(() => import('../live/FairShufflePage'));

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
