/**
 * The texts of the features, each block beside the code that shows it, gathered for the app (English and German).
 * They are not in the start page's first load: `../feature-texts.ts` registers them before a feature's screen or the
 * table shows (pages.tsx, main.tsx). The start page's links to them are in en.ts and de.ts; i18next merges both.
 */
import { dailyDe, dailyEn } from '../../features/daily/texts';
import { friendsDe, friendsEn } from '../../features/live/friends-texts';
import { liveDe, liveEn } from '../../features/live/texts';
import { padDe, padEn } from '../../features/pad/texts';
import { progressDe, progressEn } from '../../features/profile/texts';
import { puzzlesDe, puzzlesEn } from '../../features/puzzles/texts';
import { shopDe, shopEn } from '../../features/shop/texts';
import { tournamentDe, tournamentEn } from '../../features/tournament/texts';
import { trainingDe, trainingEn } from '../../features/training/texts';
import { rulesPageDe, rulesPageEn } from '../../table/rules/texts';
import { screensDe, screensEn } from './screens';
import { shareDe, shareEn } from '../../features/history/share-texts';
import { serverErrorsDe, serverErrorsEn } from '../../kit/server/error-texts';
import { privacyDe, privacyEn } from '../../features/privacy/texts';
import { homeDe, homeEn } from '../../features/home/texts';

export const featuresEn = {
  ...screensEn, // the table's and the other screens' own: ./screens.ts
  pad: padEn, // the score pad: src/features/pad/texts.ts
  live: liveEn, // live play: src/features/live/texts.ts
  friends: friendsEn, // friends: src/features/live/friends-texts.ts
  progress: progressEn, // player pages and the leaderboard: src/features/profile/texts.ts
  shop: shopEn, // the shop: src/features/shop/texts.ts
  rulesPage: rulesPageEn, // the rules page and a table's rules: src/table/rules/texts.ts
  daily: dailyEn, // the daily game: src/features/daily/texts.ts
  training: trainingEn, // the training page: src/features/training/texts.ts
  puzzles: puzzlesEn, // the puzzles: src/features/puzzles/texts.ts
  tournament: tournamentEn, // tournaments: src/features/tournament/texts.ts
  share: shareEn, // sharing a review: src/features/history/share-texts.ts
  serverErrors: serverErrorsEn, // every refusal of the game server: src/kit/server/error-texts.ts
  privacy: privacyEn, // the privacy page: src/features/privacy/texts.ts
  home: homeEn, // the start page's panels: src/features/home/texts.ts
};

export const featuresDe: typeof featuresEn = {
  ...screensDe,
  pad: padDe,
  live: liveDe,
  friends: friendsDe,
  progress: progressDe,
  shop: shopDe,
  rulesPage: rulesPageDe,
  daily: dailyDe,
  training: trainingDe,
  puzzles: puzzlesDe,
  tournament: tournamentDe,
  share: shareDe,
  serverErrors: serverErrorsDe,
  privacy: privacyDe,
  home: homeDe,
};
