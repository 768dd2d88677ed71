/** Types of build-dashboard.mjs (a plain script, so that `npm ci` can run it before tsx matters). */
export function sourceHash(): string;
export function dashboardIsFresh(): boolean;
export function buildDashboard(options?: { force?: boolean }): Promise<boolean>;
