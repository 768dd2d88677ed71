export type { ImportOptions, ImportResult } from './common.ts';
export { importFlexMatch } from './flexmatch.ts';
export { importPlayFab } from './playfab.ts';
