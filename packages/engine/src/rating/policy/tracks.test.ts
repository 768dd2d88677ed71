import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '../../errors.ts';
import { constantK, createElo, type EloRating } from '../elo/index.ts';
import type { CalibrationPolicy } from './calibration.ts';
import { eloRatingAccess as eloAccess } from './model-access.ts';
import { rateTrackedMatch } from './rate-tracked-match.ts';
import { DOTA_TRACK_KEYS, type PlayerTracks, trackKey, trackRecord, withTrackRecord } from './tracks.ts';

const calibration: CalibrationPolicy = { games: 10, speedUp: { kind: 'update-multiplier', multiplier: 2 } };

test("queue and party-ness pick one of Dota's four tracks", () => {
  const keys = [
    trackKey({ queue: 'normal', partySize: 1 }),
    trackKey({ queue: 'normal', partySize: 3 }),
    trackKey({ queue: 'ranked', partySize: 1 }),
    trackKey({ queue: 'ranked', partySize: 5 }),
  ];
  assert.deepEqual(keys, [...DOTA_TRACK_KEYS]);
  for (const bad of [0, 1.5, Number.NaN]) {
    assert.throws(
      () => trackKey({ queue: 'ranked', partySize: bad }),
      (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
    );
  }
  assert.throws(
    () => trackKey({ queue: '', partySize: 1 }),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
});

test('a ranked solo game changes only the ranked solo track: rating, games, calibration, last played', () => {
  const elo = createElo({ kPolicy: constantK(32) });
  let alice: PlayerTracks<EloRating> = {};
  const bob: PlayerTracks<EloRating> = {};
  const key = trackKey({ queue: 'ranked', partySize: 1 });
  const normalParty = trackRecord(alice, 'normal/party', elo, calibration);
  alice = withTrackRecord(alice, 'normal/party', { ...normalParty, gamesPlayed: 7, lastPlayedMs: 5 });
  const frozen = structuredClone(alice);
  const [[aliceRanked], [bobRanked]] = rateTrackedMatch({
    model: elo,
    access: eloAccess,
    policy: { calibration },
    teams: [[trackRecord(alice, key, elo, calibration)], [trackRecord(bob, key, elo, calibration)]],
    result: { ranks: [1, 2] },
    nowMs: 1000,
  }) as [[(typeof alice)[string]], [(typeof alice)[string]]];
  const next = withTrackRecord(alice, key, aliceRanked);
  assert.deepEqual(alice, frozen, 'the old tracks object is untouched');
  assert.deepEqual(next['normal/party'], frozen['normal/party']);
  assert.equal(next[key]?.gamesPlayed, 1);
  assert.equal(next[key]?.lastPlayedMs, 1000);
  assert.equal(next[key]?.calibration.gamesLeft, 9);
  assert.ok((next[key]?.rating.rating ?? 0) > 1500);
  assert.ok((bobRanked?.rating.rating ?? 0) < 1500);
});

test('a game dated before the last one is rejected and changes nothing', () => {
  const elo = createElo({ kPolicy: constantK(32) });
  const record = { ...trackRecord({}, 'ranked/solo', elo, calibration), lastPlayedMs: 5000 };
  const frozen = structuredClone(record);
  assert.throws(
    () =>
      rateTrackedMatch({
        model: elo,
        access: eloAccess,
        policy: { calibration },
        teams: [[record], [trackRecord({}, 'ranked/solo', elo, calibration)]],
        result: { ranks: [1, 2] },
        nowMs: 1000,
      }),
    (e) => isMatchdError(e, 'MM_ERR_TIME_WENT_BACKWARDS'),
  );
  assert.deepEqual(record, frozen);
});

test('a bad rating or a bad game count is a typed error before anything is computed', () => {
  const elo = createElo({ kPolicy: constantK(32) });
  const good = trackRecord({}, 'ranked/solo', elo, calibration);
  const rate = (record: typeof good) => () =>
    rateTrackedMatch({
      model: elo,
      access: eloAccess,
      policy: { calibration },
      teams: [[good], [record]],
      result: { ranks: [1, 2] },
      nowMs: 0,
    });
  assert.throws(rate({ ...good, rating: { ...good.rating, rating: Number.NaN } }), (e) =>
    isMatchdError(e, 'MM_ERR_INVALID_RATING'),
  );
  assert.throws(rate({ ...good, gamesPlayed: -1 }), (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'));
  assert.throws(
    () =>
      rateTrackedMatch({
        model: elo,
        access: eloAccess,
        policy: { calibration },
        teams: [[good], [good]],
        result: { ranks: [1] },
        nowMs: 0,
      }),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_RESULT'),
  );
});
