/**
 * The matchmaker's internal records: a waiting ticket with its precomputed scoring form, its pool,
 * and what the last evaluation found for it (for `status` explanations and for skipping work until
 * something could have changed).
 */

import type { MatchEvaluation } from '../quality/scorer.ts';
import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import type { Breach } from './limits.ts';
import type { PairNotes } from './pair-notes.ts';
import type { TicketInput } from './types.ts';

/** The pool a ticket is matched in: low-priority tickets only meet each other (Dota). */
export type PoolKey = 'main' | 'low-priority';

/** The best candidate found for a ticket at its last evaluation, who refused it and what held it back. */
export interface CandidateMemory<TRating> {
  readonly match: CandidateMatch<TRating>;
  readonly evaluation: MatchEvaluation;
  /** Tickets below their quality threshold. */
  readonly rejectedBy: readonly string[];
  /** Hard limits it broke. */
  readonly breaches: readonly Breach[];
  readonly atMs: number;
}

/** A fill of tickets looked at at `atMs` but not split into teams. */
export interface UnsplitFill<TRating> {
  readonly tickets: readonly ScoredTicket<TRating>[];
  readonly teamCount: number;
  readonly atMs: number;
}

/**
 * Pairs a look saw at `atMs`, `first` in the first team: with each of `seconds` in order (a ticket's
 * own look saw them all at once), or, without `seconds`, with the ticket holding this record (an
 * arrival shows its pairs to the neighbours it settles: one record serves them all, instead of one
 * object per pair kept for as long as each neighbour sleeps). `status` scores them at `atMs` when
 * asked.
 */
export interface ShownPair<TRating> {
  readonly first: Entry<TRating>;
  readonly seconds?: readonly Entry<TRating>[];
  readonly atMs: number;
}

export interface Entry<TRating> {
  /** Insertion sequence: a stable tie-break in sorted lists. */
  readonly seq: number;
  readonly input: TicketInput<TRating>;
  readonly scored: ScoredTicket<TRating>;
  readonly pool: PoolKey;
  /** The region with the lowest worst ping of its players (undefined without regions). */
  readonly home: string | undefined;
  /** The sorted list it lives in: pool and home region (buckets sorted by skill per region). */
  readonly bucket: string;
  readonly size: number;
  state: 'searching' | 'proposed';
  /** In the sorted lists (searching and not yet taken); false once proposed or gone. */
  listed: boolean;
  /** Match id while proposed. */
  matchId: string | undefined;
  /** Continuous mode: nothing can change for this ticket before this time unless it is dirty. */
  sleepUntilMs: number;
  /** Bumped at every new sleep, so that stale wake-ups in the heap are ignored. */
  sleepVersion: number;
  /** Continuous mode: due but postponed by the per-tick evaluation limit (kept in age order). */
  inBacklog: boolean;
  /** Continuous mode: its neighbourhood changed since its last evaluation. */
  dirty: boolean;
  /**
   * Continuous mode: the skill distance its candidates reached at the last evaluation; an arrival
   * farther away in skill cannot change them, so it does not wake this ticket.
   */
  reachSkill: number;
  /** Continuous mode: last tick in which it was placed in a match (avoids double use). */
  takenAtTick: number;
  best: CandidateMemory<TRating> | undefined;
  /**
   * Continuous fills: the fill its last look left unsplit, no match holding those tickets could pass
   * yet (`TogetherBound`), when nothing else was looked at; `status` splits it when asked.
   */
  unsplitBest: UnsplitFill<TRating> | undefined;
  /**
   * Continuous pairs: the pairs seen since `best` was chosen, in the order they were seen; `status`
   * compares them with `best` only when asked, so that a tick scores a pair only as far as its
   * schedule needs (see CandidateSearch.shownBest). The first `shownCount` of the array: it is kept
   * (and reused) once made.
   */
  shownPairs: ShownPair<TRating>[] | undefined;
  shownCount: number;
  /** Continuous pairs: the unformable pairs of its last look (and of its arrival's settling). */
  pairNotes: PairNotes<Entry<TRating>> | undefined;
  /** When `pairNotes` was last written (a ticket that arrived later has no note there). */
  notesAtMs: number;
  /**
   * Continuous mode: per region of the queue (in `regions.names` order), -Infinity if the ticket's
   * ping cap at its last look allowed it, else when the cap first will (Infinity if never); what its
   * looks read until `foreignPingsUntilMs`, the cap's next step (a cap only changes at its steps).
   */
  foreignPings: Float64Array | undefined;
  foreignPingsUntilMs: number;
}
