/**
 * Rating tracks: a player holds a separate rating per track (Dota 2, 2013: "We actually track a
 * total of four MMRs for each player": normal/ranked x solo/party; "Matches played in normal
 * matchmaking do not impact your ranked matchmaking MMR, and vice versa"). A track is chosen by
 * the queue and whether the player queued in a party. Each track keeps its own games played,
 * calibration state and last-played time, so calibration and inactivity are per track too.
 * Tracks are plain JSON-friendly records, so a store can persist them as they are.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { RatingModel } from '../types.ts';
import { type CalibrationPolicy, type CalibrationState, startCalibration } from './calibration.ts';

/** What picks a track: the queue's name and the size of the player's party (1 = solo). */
export interface TrackChoice {
  readonly queue: string;
  readonly partySize: number;
}

/** Dota 2's four tracks. */
export const DOTA_TRACK_KEYS = ['normal/solo', 'normal/party', 'ranked/solo', 'ranked/party'] as const;

/** `<queue>/solo` or `<queue>/party`. Throws MM_ERR_INVALID_OPTION for an empty queue or a bad size. */
export function trackKey(choice: TrackChoice): string {
  if (typeof choice.queue !== 'string' || choice.queue.length === 0 || choice.queue.includes('/')) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'queue must be a non-empty name without "/"', {
      path: 'queue',
      value: String(choice.queue),
    });
  }
  if (!(Number.isInteger(choice.partySize) && choice.partySize >= 1)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'partySize must be an integer >= 1', {
      path: 'partySize',
      value: String(choice.partySize),
    });
  }
  return `${choice.queue}/${choice.partySize > 1 ? 'party' : 'solo'}`;
}

/** One player's standing on one track. */
export interface TrackRecord<TRating> {
  readonly rating: TRating;
  readonly gamesPlayed: number;
  /** Time of the last game on this track; undefined before the first. */
  readonly lastPlayedMs?: number;
  readonly calibration: CalibrationState;
  /** The season of the last game on this track, when matches name one (season regression). */
  readonly season?: string;
}

/** All of a player's tracks, by track key. */
export type PlayerTracks<TRating> = Readonly<Record<string, TrackRecord<TRating>>>;

/** The record of a player new to a track: the model's initial rating, calibrating. */
export function newTrackRecord<TRating>(
  model: Pick<RatingModel<TRating>, 'initial'>,
  calibration: CalibrationPolicy,
): TrackRecord<TRating> {
  return { rating: model.initial(), gamesPlayed: 0, calibration: startCalibration(calibration) };
}

/** The player's record on a track, or a new one if they never played it. */
export function trackRecord<TRating>(
  tracks: PlayerTracks<TRating>,
  key: string,
  model: Pick<RatingModel<TRating>, 'initial'>,
  calibration: CalibrationPolicy,
): TrackRecord<TRating> {
  return Object.hasOwn(tracks, key)
    ? (tracks[key] as TrackRecord<TRating>)
    : newTrackRecord(model, calibration);
}

/** A copy of `tracks` with one track replaced; the others are untouched. */
export function withTrackRecord<TRating>(
  tracks: PlayerTracks<TRating>,
  key: string,
  record: TrackRecord<TRating>,
): PlayerTracks<TRating> {
  return { ...tracks, [key]: record };
}
