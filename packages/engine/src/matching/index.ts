// Filled by its own work; see docs/ARCHITECTURE.md.

export * from './team-formation/index.ts';
export * from './team-pairing.ts';
