/**
 * Admin operations on ratings: a season reset of a track (a preview that changes nothing, then the
 * apply, in one transaction that results on the track wait for) and re-opening a player's calibration
 * (one transaction that results for the player wait for).
 */
import {
  ErrorCodes,
  MatchdError,
  reopenCalibration,
  type SeasonResetPolicy,
  seasonReset,
  type TrackRecord,
} from '@matchd/engine';
import type { RatingRecord } from '../store/records.ts';
import type { ServiceContext } from './context.ts';

/** One player's reset. */
export interface ResetRow {
  readonly playerId: string;
  readonly before: { mean: number; display?: number };
  readonly after: { mean: number; display?: number };
}

function withTrackRecord(
  context: ServiceContext,
  record: RatingRecord,
  next: TrackRecord<unknown>,
  nowMs: number,
): RatingRecord {
  const system = context.systemOfTrack(record.track);
  const snapshot = system.snapshotOf(next);
  const { display: _old, ...rest } = record;
  return {
    ...rest,
    state: system.stateOf(next, system.ladderKeyOf(record)),
    mean: snapshot.mean,
    deviation: snapshot.deviation,
    ...(snapshot.display === undefined ? {} : { display: snapshot.display }),
    updatedAtMs: nowMs,
  };
}

/** The reset of every rating of a track (`records`, in trackRatings' order). */
function resetRows(
  context: ServiceContext,
  track: string,
  records: readonly RatingRecord[],
  requested: SeasonResetPolicy | undefined,
  nowMs: number,
) {
  if (records.length === 0)
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `track ${track} has no ratings`, { path: 'track' });
  const system = context.systemOfTrack(track);
  const policy = requested ?? system.seasonReset;
  if (policy === undefined) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `track ${track}'s rating policy declares no seasonReset: the request must give one`,
      { path: 'policy' },
    );
  }
  const trackRecords = records.map((record) => system.trackRecordOf(record));
  const reset = seasonReset(
    trackRecords.map((record) => record.rating),
    policy,
    system.access,
  );
  return records.map((record, index) => {
    const next = withTrackRecord(
      context,
      record,
      { ...(trackRecords[index] as TrackRecord<unknown>), rating: reset[index] },
      nowMs,
    );
    const row: ResetRow = {
      playerId: record.playerId,
      before: { mean: record.mean, ...(record.display === undefined ? {} : { display: record.display }) },
      after: { mean: next.mean, ...(next.display === undefined ? {} : { display: next.display }) },
    };
    return { next, row };
  });
}

/** What a season reset would do; changes nothing. `sample` is the first `limit` players by rank. */
export async function previewSeasonReset(
  context: ServiceContext,
  input: { track: string; policy?: SeasonResetPolicy; limit: number },
): Promise<{ track: string; players: number; sample: ResetRow[] }> {
  const records = await context.ratings.trackRatings(input.track);
  const rows = resetRows(context, input.track, records, input.policy, context.now());
  return {
    track: input.track,
    players: rows.length,
    sample: rows.slice(0, input.limit).map((entry) => entry.row),
  };
}

/**
 * Applies a season reset to every rating of the track, in one transaction that results on the
 * track wait for (RatingsStore.transformTrack): none is lost, none undoes the reset.
 */
export async function applySeasonReset(
  context: ServiceContext,
  input: { track: string; policy?: SeasonResetPolicy },
): Promise<{ track: string; players: number }> {
  const nowMs = context.now();
  const players = await context.ratings.transformTrack(input.track, (records) =>
    resetRows(context, input.track, records, input.policy, nowMs).map((entry) => entry.next),
  );
  return { track: input.track, players };
}

/**
 * Re-opens calibration of a player on one track, or on all of their tracks, in one transaction
 * that results for the player wait for (RatingsStore.transformPlayer).
 */
export async function recalibrate(
  context: ServiceContext,
  input: { playerId: string; track?: string },
): Promise<{ playerId: string; tracks: string[] }> {
  const nowMs = context.now();
  const tracks: string[] = [];
  await context.ratings.transformPlayer(input.playerId, (current) => {
    const records = current.filter((record) => input.track === undefined || record.track === input.track);
    if (records.length === 0) {
      throw new MatchdError(
        ErrorCodes.PLAYER_NOT_FOUND,
        `player ${input.playerId} has no rating to recalibrate`,
        { path: input.track === undefined ? 'playerId' : 'track' },
      );
    }
    return records.map((record) => {
      tracks.push(record.track);
      const system = context.systemOfTrack(record.track);
      const trackRecord = system.trackRecordOf(record);
      return withTrackRecord(
        context,
        record,
        {
          ...trackRecord,
          calibration: reopenCalibration(trackRecord.calibration, system.policy.calibration),
        },
        nowMs,
      );
    });
  });
  return { playerId: input.playerId, tracks };
}
