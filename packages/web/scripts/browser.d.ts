// Types of browser.js (plain JavaScript: the measuring scripts run it with node as it is).
import type { Browser } from 'playwright-core';

export declare function serveBuiltApp(): Promise<{ url: string; pid: number; stop: () => boolean }>;
export declare function launchChromium(): Promise<Browser>;
