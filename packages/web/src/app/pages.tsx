import { lazy, type ReactNode } from 'react';

/**
 * A screen's code with the features' texts (feature-texts.ts): every screen loads when its page opens, the texts
 * with the first of them (the app shows the kit's Loading meanwhile, in one Suspense).
 */
export const withTexts = <T,>(screen: Promise<T>): Promise<T> =>
  Promise.all([screen, import('./feature-texts')]).then(([m]) => m);

const HelpPage = lazy(() =>
  withTexts(import('../features/rules/HelpPage')).then((m) => ({ default: m.HelpPage })),
);
const HistoryPage = lazy(() =>
  withTexts(import('../features/history/HistoryPage')).then((m) => ({ default: m.HistoryPage })),
);
const ReplayPage = lazy(() =>
  withTexts(import('../features/history/ReplayPage')).then((m) => ({ default: m.ReplayPage })),
);
const SettingsPage = lazy(() =>
  withTexts(import('../features/settings/SettingsPage')).then((m) => ({ default: m.SettingsPage })),
);
const StatsPage = lazy(() =>
  withTexts(import('../features/stats/StatsPage')).then((m) => ({ default: m.StatsPage })),
);
/** The score pad (src/features/pad). */
const PadScreen = lazy(() => withTexts(import('../features/pad/PadScreen')));
/** Live play (src/features/live). */
const LiveScreen = lazy(() => withTexts(import('../features/live/LivePages')));
/** The rules page (src/features/rules). */
const RulesPage = lazy(() => withTexts(import('../features/rules/RulesPage')));
/** Player pages and the leaderboard (src/features/profile), and the shop (src/features/shop). */
const ProfileScreen = lazy(() => withTexts(import('../features/profile/ProfileScreen')));
const ShopScreen = lazy(() => withTexts(import('../features/shop/ShopScreen')));
/** The daily game (src/features/daily). */
const DailyScreen = lazy(() => withTexts(import('../features/daily/DailyScreen')));
/** Training positions (src/features/training). */
const TrainingScreen = lazy(() => withTexts(import('../features/training/TrainingScreen')));
/** Puzzles (src/features/puzzles). */
const PuzzlesScreen = lazy(() => withTexts(import('../features/puzzles/PuzzlesScreen')));
/** Friends (src/features/live/FriendsPage.tsx). */
const FriendsPage = lazy(() => withTexts(import('../features/live/FriendsPage')));
/** Tournaments (src/features/tournament). */
const TournamentScreen = lazy(() => withTexts(import('../features/tournament/TournamentScreen')));
/** How the fair shuffle of live tables works (src/features/live). */
const FairShufflePage = lazy(() => withTexts(import('../features/live/FairShufflePage')));

/** What is kept and your data: export and deletion (src/features/privacy). */
const PrivacyPage = lazy(() => withTexts(import('../features/privacy/PrivacyPage')));

/** A game another player shared (src/features/history/SharedPage.tsx). */
const SharedPage = lazy(() => withTexts(import('../features/history/SharedPage')));

/** The screens besides the start screen and the table, by the first part of their route. */
export const pages: Readonly<Record<string, (rest: string) => ReactNode>> = {
  settings: () => <SettingsPage />,
  help: () => <HelpPage />,
  rules: (at) => <RulesPage key={at} at={at} />,
  history: () => <HistoryPage />,
  stats: () => <StatsPage />,
  replay: (id) => <ReplayPage key={id} id={id} />,
  shared: (rest) => <SharedPage key={rest} rest={rest} />,
  pad: () => <PadScreen />,
  live: (rest) => <LiveScreen rest={rest} />,
  profile: (rest) => <ProfileScreen section="profile" rest={rest} />,
  leaderboard: () => <ProfileScreen section="leaderboard" rest="" />,
  fair: () => <FairShufflePage />,
  shop: () => <ShopScreen />,
  training: () => <TrainingScreen />,
  puzzles: (rest) => <PuzzlesScreen rest={rest} />,
  friends: () => <FriendsPage />,
  daily: (rest) => <DailyScreen rest={rest} />,
  tournaments: (rest) => <TournamentScreen rest={rest} />,
  privacy: () => <PrivacyPage />,
};
