// Matching: exact minimum-cost pairing (helper D) and team formation / team pairing (helper E).
export { greedyPairing, randomPairing, sortedNeighbourPairing } from './baselines.ts';
export { verifyPairingCertificate } from './certificate.ts';
export { exactPairing, worstPairing } from './exact-pairing.ts';
export { DEFAULT_PAIRING_TOLERANCE } from './prepared-problem.ts';
export * from './team-formation/index.ts';
export * from './team-pairing.ts';
export type * from './types.ts';
