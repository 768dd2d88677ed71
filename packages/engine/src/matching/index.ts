// Matching: exact minimum-cost pairing, team formation and team-vs-team pairing.
export { greedyPairing, randomPairing, sortedNeighbourPairing } from './baselines.ts';
export { verifyPairingCertificate } from './certificate.ts';
export { exactPairing, worstPairing } from './exact-pairing.ts';
export { type GraphPairingProblem, graphPairing } from './graph-pairing.ts';
export { DEFAULT_PAIRING_TOLERANCE } from './prepared-problem.ts';
export * from './team-formation/index.ts';
export * from './team-pairing.ts';
export type * from './types.ts';
