/**
 * The fleet state in Redis (one server, or a Redis Cluster: detected at connect). Every key of a
 * queue carries the hash tag `{q:<queueId>}`, so each script touches one slot; every change of a
 * queue (create, cancel, accept, a matchmaker commit with its fencing check) is one Lua script,
 * which Redis runs atomically, and logs its events in the queue's stream in the same step.
 *
 * Keys, under the configured prefix:
 *   {q:Q}:t:<ticketId>  hash: json (the pooled ticket), st (state), m (match), f (finished at),
 *                       ca (created at), np (players), le / li (last event and its id)
 *   {q:Q}:w  waiting (searching) ids by creation time   {q:Q}:p  proposed ids
 *   {q:Q}:n  counts: searching, proposed, players, matches
 *   {q:Q}:log  the queue's log (a stream)                {q:Q}:ob  formed matches not yet in SQL
 *   {q:Q}:wt / ql  recent waits and qualities           {q:Q}:lease / fence  the matchmaker's lease
 *   {q:Q}:h:<matchId>  a running match's hand-off record (JSON)   {q:Q}:al  allocating matches by deadline
 *   {q:Q}:whc  the webhook's delivery cursor
 *   tix:<ticketId>  player:<playerId>  indexes (each its own slot): `queue␟ticket␟reservedAtMs`
 *   nodes  live nodes, scored by when their heartbeat lapses
 *
 * On a cluster the indexes live outside the queue's slot, so they cannot change in the queue's
 * script. They are reservations checked lazily: an index entry counts only while its ticket exists
 * (for a player: is live), or for `reservationStaleMs` after it was made, so a node that dies
 * half-way through a creation leaves nothing that blocks a player for longer than that. On one
 * server a creation checks and writes the indexes with its ticket in one script, by the same rules.
 */
import { performance } from 'node:perf_hooks';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { MatchEvent, MatchHandoff } from '../../runtime/match-events.ts';
import type { TicketEvent } from '../../runtime/ticket-events.ts';
import {
  type CommitResult,
  type FleetState,
  type FleetTicketState,
  finishedTicketRetentionMs,
  type HandoffChange,
  type LogEntry,
  type LoggedEvent,
  liveStates,
  type QueueCounts,
  recentStatsKept,
  type TicketRecord,
  ticketRefusal,
} from '../fleet-state.ts';
import type { MatchRecord, PooledTicket } from '../records.ts';

type Client = Redis | Cluster;

/** Stream entries kept per queue log (approximately: Redis trims whole nodes). */
const logKept = 50_000;
/** An index reservation whose ticket does not exist is void after this long. */
export const reservationStaleMs = 4000;
/** Every call fails with MM_ERR_UNAVAILABLE after this long without an answer. */
const callTimeoutMs = 800;
const separator = '\u001f';

/** Redis's own clock in ms, so nodes' clocks need not agree. */
const nowLua = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;
// Lua prints -0 as "-0", which HINCRBY refuses: a ticket of no players (a backfill request) ending
// would fail its script, so a count leaves by subtraction from 0 (0 - 0 is +0).
const prelude = `
local W, P, N, LOG = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local function leave(id, st)
  if st == 'searching' then redis.call('ZREM', W, id); redis.call('HINCRBY', N, 'searching', -1)
  elseif st == 'proposed' then redis.call('SREM', P, id); redis.call('HINCRBY', N, 'proposed', -1) end
end
local function enter(t, id, st, np, ca, retention)
  if st == 'searching' then redis.call('ZADD', W, ca, id); redis.call('HINCRBY', N, 'searching', 1)
  elseif st == 'proposed' then redis.call('SADD', P, id); redis.call('HINCRBY', N, 'proposed', 1)
  else redis.call('HINCRBY', N, 'players', 0 - tonumber(np)); redis.call('PEXPIRE', t, retention) end
end
`;

/** Hand-off helpers: the stored version of a record, and writing one with its match event. */
const handoffLua = `
local function handoffVersion(h)
  local cur = redis.call('GET', h)
  if not cur then return 0 end
  return tonumber(cjson.decode(cur)['version'])
end
local function writeHandoff(LOG, h, al, json, phase, deadline, eventJson, matchId, maxlen, retention)
  redis.call('SET', h, json, 'PX', retention)
  if phase == 'allocating' then redis.call('ZADD', al, deadline, matchId) else redis.call('ZREM', al, matchId) end
  return redis.call('XADD', LOG, 'MAXLEN', '~', maxlen, '*', 't', matchId, 's', 'matchmaker', 'me', eventJson)
end
`;

/**
 * KEYS LOG h al t1..tn; ARGV expected json phase deadline event matchId maxlen retention, then
 * (ticketId, event) per ticket.
 */
const handoffScript = `${handoffLua}
if handoffVersion(KEYS[2]) ~= tonumber(ARGV[1]) then return {0} end
local eid = writeHandoff(KEYS[1], KEYS[2], KEYS[3], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8])
for i = 4, #KEYS do
  local base = 8 + (i - 4) * 2
  local id, ev = ARGV[base + 1], ARGV[base + 2]
  local tid = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[7], '*', 't', id, 's', 'matchmaker', 'e', ev)
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('HSET', KEYS[i], 'le', ev, 'li', tid) end
end
return {1, eid}`;

/**
 * KEYS W P N LOG t; ARGV id json createdAt players capacity event maxlen deadlineMs. Late (Redis's
 * clock past the deadline): -4 and nothing written, as on one server.
 */
const createScript = `${prelude}${nowLua}
if now > tonumber(ARGV[8]) then return -4 end
if redis.call('EXISTS', KEYS[5]) == 1 then return -1 end
local c = redis.call('HMGET', N, 'searching', 'proposed')
if (tonumber(c[1]) or 0) + (tonumber(c[2]) or 0) >= tonumber(ARGV[5]) then return -2 end
local eid = redis.call('XADD', LOG, 'MAXLEN', '~', ARGV[7], '*', 't', ARGV[1], 's', 'api', 'e', ARGV[6], 'tk', ARGV[2])
redis.call('HSET', KEYS[5], 'json', ARGV[2], 'st', 'searching', 'ca', ARGV[3], 'np', ARGV[4], 'le', ARGV[6], 'li', eid)
redis.call('HINCRBY', N, 'players', ARGV[4])
enter(KEYS[5], ARGV[1], 'searching', ARGV[4], ARGV[3], 0)
return eid`;

/** KEYS W P N LOG t; ARGV id event nowMs retention maxlen declinedBy. */
const cancelScript = `${prelude}
local v = redis.call('HMGET', KEYS[5], 'st', 'np', 'ca')
local st = v[1]
if not st then return {-1} end
if ARGV[6] ~= '' then
  if st ~= 'proposed' then return {-2, st} end
elseif st ~= 'searching' and st ~= 'proposed' then return {-2, st} end
leave(ARGV[1], st)
local eid
if ARGV[6] ~= '' then
  eid = redis.call('XADD', LOG, 'MAXLEN', '~', ARGV[5], '*', 't', ARGV[1], 's', 'api', 'e', ARGV[2], 'pl', ARGV[6])
else
  eid = redis.call('XADD', LOG, 'MAXLEN', '~', ARGV[5], '*', 't', ARGV[1], 's', 'api', 'e', ARGV[2])
end
redis.call('HSET', KEYS[5], 'st', 'cancelled', 'f', ARGV[3], 'le', ARGV[2], 'li', eid)
enter(KEYS[5], ARGV[1], 'cancelled', v[2], v[3], ARGV[4])
return {1, eid}`;

/** KEYS W P N LOG t; ARGV id player maxlen. */
const acceptScript = `${prelude}
local st = redis.call('HGET', KEYS[5], 'st')
if not st then return {-1} end
if st ~= 'proposed' then return {-2, st} end
redis.call('XADD', LOG, 'MAXLEN', '~', ARGV[3], '*', 't', ARGV[1], 's', 'api', 'pl', ARGV[2])
return {1}`;

/**
 * KEYS W P N LOG lease ob wt ql h al t1..tn; ARGV fence mode from to match now retention maxlen
 * matchJson quality kept, handoff (expected json phase deadline event), then (id, event, wait) per
 * ticket. `h` names a hand-off record (any key of the queue's slot when the change has none).
 */
const commitScript = `${prelude}${handoffLua}
if redis.call('GET', KEYS[5]) ~= ARGV[1] then return -1 end
local from = {}
for s in string.gmatch(ARGV[3], '[^,]+') do from[s] = true end
local to, match = ARGV[4], ARGV[5]
local count = #KEYS - 10
local fits = {}
for i = 1, count do
  local v = redis.call('HMGET', KEYS[10 + i], 'st', 'm')
  fits[i] = v[1] and from[v[1]] and not (v[1] == 'proposed' and match ~= '' and v[2] ~= match)
  if ARGV[2] == 'all' and not fits[i] then return 0 end
end
if ARGV[12] ~= '' and handoffVersion(KEYS[9]) ~= tonumber(ARGV[12]) then return 0 end
local changed = 0
for i = 1, count do
  if fits[i] then
    local t = KEYS[10 + i]
    local base = 16 + (i - 1) * 3
    local id, ev, wait = ARGV[base + 1], ARGV[base + 2], ARGV[base + 3]
    local v = redis.call('HMGET', t, 'st', 'np', 'ca')
    leave(id, v[1])
    local eid = redis.call('XADD', LOG, 'MAXLEN', '~', ARGV[8], '*', 't', id, 's', 'matchmaker', 'e', ev)
    redis.call('HSET', t, 'st', to, 'le', ev, 'li', eid)
    if to == 'searching' then redis.call('HDEL', t, 'm') elseif match ~= '' then redis.call('HSET', t, 'm', match) end
    if to ~= 'searching' and to ~= 'proposed' then redis.call('HSET', t, 'f', ARGV[6]) end
    enter(t, id, to, v[2], v[3], ARGV[7])
    if wait ~= '' then redis.call('LPUSH', KEYS[7], wait) end
    changed = changed + 1
  end
end
if changed > 0 and ARGV[12] ~= '' then
  writeHandoff(KEYS[4], KEYS[9], KEYS[10], ARGV[13], ARGV[14], ARGV[15], ARGV[16], match, ARGV[8], ARGV[7])
end
if changed > 0 and ARGV[9] ~= '' then
  redis.call('HSET', KEYS[6], match, ARGV[9])
  redis.call('HINCRBY', N, 'matches', 1)
  if ARGV[10] ~= '' then
    redis.call('LPUSH', KEYS[8], ARGV[10])
    redis.call('LTRIM', KEYS[8], 0, tonumber(ARGV[11]) - 1)
  end
end
redis.call('LTRIM', KEYS[7], 0, tonumber(ARGV[11]) - 1)
return 1`;

/** KEYS lease fence; ARGV node ttl. */
const acquireScript = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], fence .. ':' .. ARGV[1], 'PX', ARGV[2])
return fence`;
/** KEYS lease; ARGV holder ttl. */
const renewScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
/** KEYS lease; ARGV holder. */
const releaseLeaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/** KEYS nodes; ARGV node ttl. The server's clock, so nodes' clocks need not agree. */
const heartbeatScript = `${nowLua}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;
/** KEYS index; ARGV owner (queue␟ticket). `{1}` reserved, `{2}` already ours, `{0, current, now}` taken. */
const reserveScript = `${nowLua}
local current = redis.call('GET', KEYS[1])
if not current then redis.call('SET', KEYS[1], ARGV[1] .. '${separator}' .. now) return {1} end
if string.sub(current, 1, #ARGV[1] + 1) == ARGV[1] .. '${separator}' then return {2} end
return {0, current, now}`;
/**
 * A whole creation on one Redis server (no cluster, so every key is reachable from one script): the
 * same checks as the reservations one by one, in the same order, then the indexes and the ticket in
 * one atomic step, so a creation is one round trip and a node that dies leaves all of it or none.
 * A script that reaches Redis after its deadline (Redis's clock) changes nothing: a caller that
 * stopped waiting was told nothing was created, and Redis runs what it received once it answers
 * again (after a pause, say).
 * KEYS W P N LOG t tix player1..n (players sorted); ARGV id json createdAt players capacity event
 * maxlen owner prefix staleMs deadlineMs, then each player's id and its place on the ticket (0-based).
 * `{1, eid}` created, `{-1}` a duplicate id, `{-2}` the queue is full, `{-3, player, place, ticket}`
 * the player already waits on that ticket, `{-4}` too late.
 */
const createAloneScript = `${prelude}${nowLua}
local owner = ARGV[8] .. '${separator}'
-- Another creation's entry blocks while its ticket does (for a player: is live), or, if the ticket
-- does not exist, while the entry is younger than the staleness limit; an entry of ours is free.
local function blocker(key, liveOnly)
  local current = redis.call('GET', key)
  if not current or string.sub(current, 1, #owner) == owner then return nil end
  local first = string.find(current, '${separator}', 1, true)
  local second = string.find(current, '${separator}', first + 1, true)
  local queue, ticket = string.sub(current, 1, first - 1), string.sub(current, first + 1, second - 1)
  local st = redis.call('HGET', ARGV[9] .. '{q:' .. queue .. '}:t:' .. ticket, 'st')
  if st then
    if not liveOnly or st == 'searching' or st == 'proposed' then return ticket end
    return nil
  end
  if now - tonumber(string.sub(current, second + 1)) < tonumber(ARGV[10]) then return ticket end
  return nil
end
if now > tonumber(ARGV[11]) then return {-4} end
if redis.call('EXISTS', KEYS[5]) == 1 or blocker(KEYS[6], false) then return {-1} end
local playerCount = #KEYS - 6
for i = 1, playerCount do
  local ticket = blocker(KEYS[6 + i], true)
  if ticket then return {-3, ARGV[11 + 2 * i - 1], ARGV[11 + 2 * i], ticket} end
end
local c = redis.call('HMGET', N, 'searching', 'proposed')
if (tonumber(c[1]) or 0) + (tonumber(c[2]) or 0) >= tonumber(ARGV[5]) then return {-2} end
local reservation = owner .. now
for i = 6, #KEYS do redis.call('SET', KEYS[i], reservation) end
local eid = redis.call('XADD', LOG, 'MAXLEN', '~', ARGV[7], '*', 't', ARGV[1], 's', 'api', 'e', ARGV[6], 'tk', ARGV[2])
redis.call('HSET', KEYS[5], 'json', ARGV[2], 'st', 'searching', 'ca', ARGV[3], 'np', ARGV[4], 'le', ARGV[6], 'li', eid)
redis.call('HINCRBY', N, 'players', ARGV[4])
enter(KEYS[5], ARGV[1], 'searching', ARGV[4], ARGV[3], 0)
return {1, eid}`;
/** KEYS index; ARGV expected owner. */
const takeOverScript = `${nowLua}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2] .. '${separator}' .. now)
return 1`;
/** KEYS index; ARGV owner. */
const releaseIndexScript = `
local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, #ARGV[1] + 1) == ARGV[1] .. '${separator}' then redis.call('DEL', KEYS[1]) end
return 1`;

const scripts = {
  mdCreate: createScript,
  mdCreateAlone: createAloneScript,
  mdCancel: cancelScript,
  mdAccept: acceptScript,
  mdCommit: commitScript,
  mdAcquire: acquireScript,
  mdRenew: renewScript,
  mdReleaseLease: releaseLeaseScript,
  mdReserve: reserveScript,
  mdTakeOver: takeOverScript,
  mdReleaseIndex: releaseIndexScript,
  mdHeartbeat: heartbeatScript,
  mdHandoff: handoffScript,
} as const;
type ScriptName = keyof typeof scripts;

/** Connection options: fail fast (MM_ERR_UNAVAILABLE within a second) rather than queue. */
const fastFail = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: callTimeoutMs,
  connectTimeout: 2000,
  retryStrategy: (times: number) => Math.min(100 * times, 1000),
} satisfies RedisOptions;

function unavailable(error: unknown): MatchdError {
  return new MatchdError(
    ErrorCodes.UNAVAILABLE,
    `redis is unreachable: ${error instanceof Error ? error.message : String(error)}`,
    { store: 'redis' },
  );
}

/** Script and server errors stay what they are; everything else means Redis is out of reach. */
function isReplyError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}

async function within<T>(work: Promise<T>, timeoutMs = callTimeoutMs + 100): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (error instanceof MatchdError || isReplyError(error)) throw error;
    throw unavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A creation's writing script must reach Redis within this long of being sent (well inside the
 * call's timeout, so a caller that gets its answer never sees a creation refused for lateness, and a
 * caller told 503 never finds the ticket written later).
 */
const createDeadlineMs = callTimeoutMs / 2;

/**
 * How far Redis's clock is ahead of this process's (behind when negative), read at connect. On a
 * cluster, the master furthest ahead: a deadline then falls no earlier on any node than meant, and
 * later only by the nodes' skew, which is far below the half call timeout the deadline leaves.
 */
async function clockAheadMs(client: Client): Promise<number> {
  if (client instanceof Cluster) {
    const masters = client.nodes('master');
    if (masters.length === 0) return nodeClockAheadMs(client);
    return Math.max(...(await Promise.all(masters.map(nodeClockAheadMs))));
  }
  return nodeClockAheadMs(client);
}

async function nodeClockAheadMs(client: Client): Promise<number> {
  const sentAt = Date.now();
  const [seconds, micros] = await within(client.time());
  const answeredAt = Date.now();
  return Number(seconds) * 1000 + Number(micros) / 1000 - (sentAt + answeredAt) / 2;
}

/** Connects to `url`; a Redis Cluster node is recognised and the whole cluster used. */
async function connect(url: string): Promise<{ client: Client; cluster: boolean }> {
  const probe = new Redis(url, { ...fastFail, lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {});
  let info: string;
  try {
    await within(probe.connect(), fastFail.connectTimeout);
    info = await within(probe.info('cluster'));
  } catch (error) {
    probe.disconnect();
    throw error instanceof MatchdError ? error : unavailable(error);
  }
  if (!/cluster_enabled:1/.test(info)) {
    probe.disconnect();
    const client = new Redis(url, { ...fastFail, lazyConnect: true });
    // Connection errors surface as failed commands (MM_ERR_UNAVAILABLE); the client reconnects itself.
    client.on('error', () => {});
    await client.connect();
    return { client, cluster: false };
  }
  probe.disconnect();
  const parsed = new URL(url);
  const { enableOfflineQueue: _queue, ...nodeOptions } = fastFail;
  const cluster = new Cluster([{ host: parsed.hostname, port: Number(parsed.port || 6379) }], {
    redisOptions: {
      ...nodeOptions,
      ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
    },
    enableOfflineQueue: false,
    enableReadyCheck: true,
    clusterRetryStrategy: (times) => Math.min(100 * times, 1000),
    lazyConnect: true,
  });
  cluster.on('error', () => {});
  await cluster.connect();
  return { client: cluster, cluster: true };
}

/** A hand-off change as script arguments: expected version, record, phase, deadline, event ('' when none). */
function handoffArgs(change: HandoffChange | undefined): (string | number)[] {
  if (change === undefined) return ['', '', '', '', ''];
  return [
    change.expectedVersion,
    JSON.stringify(change.next),
    change.next.phase,
    change.next.allocateDeadlineMs ?? 0,
    JSON.stringify(change.event),
  ];
}

function parseRecord(fields: Record<string, string>): TicketRecord | undefined {
  const json = fields['json'];
  const state = fields['st'] as FleetTicketState | undefined;
  if (json === undefined || state === undefined) return undefined;
  const lastEvent: LoggedEvent | undefined =
    fields['le'] === undefined || fields['li'] === undefined
      ? undefined
      : { eventId: fields['li'], event: JSON.parse(fields['le']) as TicketEvent };
  return {
    ticket: JSON.parse(json) as PooledTicket,
    state,
    ...(fields['m'] === undefined ? {} : { matchId: fields['m'] }),
    ...(fields['f'] === undefined ? {} : { finishedAtMs: Number(fields['f']) }),
    ...(lastEvent === undefined ? {} : { lastEvent }),
  };
}

/** Players in the order both creation paths check them, so they report the same one. */
function byPlayerId(a: { playerId: string }, b: { playerId: string }): number {
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}

function parseEntry(id: string, flat: readonly string[]): LogEntry {
  const fields: Record<string, string> = {};
  for (let index = 0; index + 1 < flat.length; index += 2)
    fields[flat[index] as string] = flat[index + 1] as string;
  return {
    eventId: id,
    ticketId: fields['t'] ?? '',
    source: fields['s'] === 'api' ? 'api' : 'matchmaker',
    ...(fields['e'] === undefined ? {} : { event: JSON.parse(fields['e']) as TicketEvent }),
    ...(fields['tk'] === undefined ? {} : { ticket: JSON.parse(fields['tk']) as PooledTicket }),
    ...(fields['pl'] === undefined ? {} : { playerId: fields['pl'] }),
    ...(fields['me'] === undefined ? {} : { matchEvent: JSON.parse(fields['me']) as MatchEvent }),
  };
}

/** A FleetState in Redis at `url` (one server or any node of a cluster), every key under `prefix`. */
export async function openRedisFleetState(url: string, prefix: string): Promise<FleetState> {
  const { client, cluster } = await connect(url);
  let redisClockAheadMs = await clockAheadMs(client);
  for (const [name, lua] of Object.entries(scripts)) client.defineCommand(name, { lua });
  const run = (
    name: ScriptName,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown> =>
    within(
      (client as unknown as Record<string, (...parts: (string | number)[]) => Promise<unknown>>)[name]?.(
        keys.length,
        ...keys,
        ...args,
      ) as Promise<unknown>,
    );
  const queueBase = (queueId: string): string => `${prefix}{q:${queueId}}:`;
  const queueKeys = (queueId: string): string[] => {
    const base = queueBase(queueId);
    return [`${base}w`, `${base}p`, `${base}n`, `${base}log`];
  };
  const ticketKey = (queueId: string, ticketId: string): string => `${queueBase(queueId)}t:${ticketId}`;
  const ticketIndex = (ticketId: string): string => `${prefix}tix:${ticketId}`;
  const playerIndex = (playerId: string): string => `${prefix}player:${playerId}`;
  const owner = (queueId: string, ticketId: string): string => `${queueId}${separator}${ticketId}`;

  const readTicket = async (queueId: string, ticketId: string): Promise<TicketRecord | undefined> =>
    parseRecord(await within(client.hgetall(ticketKey(queueId, ticketId))));

  /**
   * Reserves an index entry for (queue, ticket). Another ticket's entry blocks while `blocks` says
   * its ticket does, or while it is younger than the staleness limit; a void one is taken over.
   */
  const reserve = async (
    key: string,
    queueId: string,
    ticketId: string,
    blocks: (record: TicketRecord) => boolean,
  ): Promise<{ blockedBy: string } | { own: boolean }> => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = (await run('mdReserve', [key], [owner(queueId, ticketId)])) as [number, string?, number?];
      if (reply[0] === 1 || reply[0] === 2) return { own: reply[0] === 2 };
      const current = reply[1] as string;
      const [otherQueue = '', otherTicket = '', reservedAt = '0'] = current.split(separator);
      const other = await readTicket(otherQueue, otherTicket);
      if (other !== undefined ? blocks(other) : Number(reply[2]) - Number(reservedAt) < reservationStaleMs)
        return { blockedBy: otherTicket };
      if ((await run('mdTakeOver', [key], [current, owner(queueId, ticketId)])) === 1) return { own: false };
    }
    return { blockedBy: '' };
  };
  const releaseIndexes = async (
    queueId: string,
    ticketId: string,
    keys: readonly string[],
  ): Promise<void> => {
    await Promise.all(keys.map((key) => run('mdReleaseIndex', [key], [owner(queueId, ticketId)])));
  };
  const releasePlayers = (queueId: string, ticketId: string, playerIds: readonly string[]): Promise<void> =>
    releaseIndexes(queueId, ticketId, playerIds.map(playerIndex)).catch(() => {
      // Best effort: a reservation whose ticket finished no longer blocks anyone.
    });

  const duplicateTicket = (ticketId: string) =>
    new MatchdError(ErrorCodes.DUPLICATE_TICKET, `ticket ${ticketId} already exists`, { ticketId });
  const playerQueued = (playerId: string, place: number, blockedBy: string) =>
    new MatchdError(
      ErrorCodes.PLAYER_ALREADY_QUEUED,
      `player ${playerId} already waits on ticket ${blockedBy}`,
      {
        path: `players[${place}].playerId`,
        ticketId: blockedBy,
      },
    );
  const queueFull = (queueId: string, capacity: number) =>
    new MatchdError(
      ErrorCodes.QUEUE_FULL,
      `queue ${queueId} holds its capacity of ${capacity} waiting tickets`,
      {
        queueId,
        capacity,
      },
    );
  const tooSlow = () =>
    new MatchdError(ErrorCodes.UNAVAILABLE, 'redis answered too slowly; nothing was created', {
      store: 'redis',
    });
  /** The ticket's own keys and the arguments every creation script starts with. */
  const creationScriptParts = (
    ticket: PooledTicket,
    { capacity, event }: { capacity: number; event: TicketEvent },
  ): { keys: string[]; args: (string | number)[] } => ({
    keys: [...queueKeys(ticket.queueId), ticketKey(ticket.queueId, ticket.ticketId)],
    args: [
      ticket.ticketId,
      JSON.stringify(ticket),
      ticket.createdAtMs,
      ticket.playerIds.length,
      capacity,
      JSON.stringify(event),
      logKept,
    ],
  });

  /** The latest time (Redis's clock) a creation sent now may still be written. */
  const createDeadline = (): number => Math.round(Date.now() + redisClockAheadMs + createDeadlineMs);
  /** Late, or one of the clocks stepped since they were compared: compare them again. */
  const refusedLate = async (): Promise<MatchdError> => {
    redisClockAheadMs = await clockAheadMs(client).catch(() => redisClockAheadMs);
    return tooSlow();
  };

  /** On one server: every check and write in one script, one round trip. */
  const createAlone: FleetState['createTicket'] = async (ticket, options) => {
    const { queueId, ticketId, playerIds } = ticket;
    // Sorted as across slots, so both report the same player when several already wait.
    const sorted = playerIds.map((playerId, place) => ({ playerId, place })).sort(byPlayerId);
    const { keys, args } = creationScriptParts(ticket, options);
    const reply = (await run(
      'mdCreateAlone',
      [...keys, ticketIndex(ticketId), ...sorted.map(({ playerId }) => playerIndex(playerId))],
      [
        ...args,
        owner(queueId, ticketId),
        prefix,
        reservationStaleMs,
        createDeadline(),
        ...sorted.flatMap(({ playerId, place }) => [playerId, place]),
      ],
    )) as [number, string?, number?, string?];
    if (reply[0] === -1) throw duplicateTicket(ticketId);
    if (reply[0] === -2) throw queueFull(queueId, options.capacity);
    if (reply[0] === -3) throw playerQueued(String(reply[1]), Number(reply[2]), String(reply[3]));
    if (reply[0] === -4) throw await refusedLate();
    return { eventId: String(reply[1]), event: options.event };
  };

  /**
   * On a cluster the indexes live in other slots than the queue's keys: each is reserved by its own
   * script, then the ticket is created in the queue's slot; reservations left by a failed creation
   * are released, or lapse by themselves.
   */
  const createAcrossSlots: FleetState['createTicket'] = async (ticket, options) => {
    const started = performance.now();
    const { queueId, ticketId, playerIds } = ticket;
    const reserved: string[] = [];
    let created = false;
    try {
      const id = await reserve(ticketIndex(ticketId), queueId, ticketId, () => true);
      if ('blockedBy' in id || (id.own && (await readTicket(queueId, ticketId)) !== undefined))
        throw duplicateTicket(ticketId);
      reserved.push(ticketIndex(ticketId));
      // Sorted, so two creations sharing players meet on the same first player.
      for (const playerId of [...playerIds].sort()) {
        const waiting = await reserve(playerIndex(playerId), queueId, ticketId, (record) =>
          liveStates.has(record.state),
        );
        if ('blockedBy' in waiting)
          throw playerQueued(playerId, playerIds.indexOf(playerId), waiting.blockedBy);
        reserved.push(playerIndex(playerId));
      }
      // A reservation older than half its staleness limit may already be taken over: start again.
      if (performance.now() - started > reservationStaleMs / 2) {
        throw tooSlow();
      }
      const { keys, args } = creationScriptParts(ticket, options);
      const reply = await run('mdCreate', keys, [...args, createDeadline()]);
      if (reply === -4) throw await refusedLate();
      if (reply === -1) {
        // A creation of the same id won the race: its reservations are ours too (same owner), so
        // release only those of players who are not on it.
        created = true;
        const winner = await readTicket(queueId, ticketId);
        const keep = new Set((winner?.ticket.playerIds ?? []).map(playerIndex));
        await releaseIndexes(
          queueId,
          ticketId,
          reserved.filter((key) => key !== ticketIndex(ticketId) && !keep.has(key)),
        ).catch(() => {});
        throw duplicateTicket(ticketId);
      }
      if (reply === -2) throw queueFull(queueId, options.capacity);
      created = true;
      return { eventId: String(reply), event: options.event };
    } finally {
      if (!created && reserved.length > 0)
        await releaseIndexes(queueId, ticketId, reserved).catch(() => {
          // Unreachable: the reservations lapse by themselves, as their ticket does not exist.
        });
    }
  };

  const followers = new Set<Client>();
  let closed = false;

  const state: FleetState = {
    backend: cluster ? 'redis-cluster' : 'redis',
    createTicket: cluster ? createAcrossSlots : createAlone,
    async getTicket(ticketId, queueIds) {
      const indexed = await within(client.get(ticketIndex(ticketId)));
      if (indexed !== null) {
        const [queueId = '', indexedTicket = ''] = indexed.split(separator);
        if (indexedTicket === ticketId) {
          const record = await readTicket(queueId, ticketId);
          if (record !== undefined) return record;
        }
      }
      // The index is a reservation that may have lapsed: look in every queue.
      const found = await Promise.all([...queueIds].map((queueId) => readTicket(queueId, ticketId)));
      return found.find((record) => record !== undefined);
    },
    async ticketOfPlayer(playerId) {
      const indexed = await within(client.get(playerIndex(playerId)));
      if (indexed === null) return undefined;
      const [queueId = '', ticketId = ''] = indexed.split(separator);
      const record = await readTicket(queueId, ticketId);
      return record !== undefined && liveStates.has(record.state) ? ticketId : undefined;
    },
    async cancelTicket(record, { event, declinedBy }) {
      const { queueId, ticketId } = record.ticket;
      const reply = (await run(
        'mdCancel',
        [...queueKeys(queueId), ticketKey(queueId, ticketId)],
        [ticketId, JSON.stringify(event), event.atMs, finishedTicketRetentionMs, logKept, declinedBy ?? ''],
      )) as [number, string];
      if (reply[0] < 0) throw ticketRefusal(ticketId, reply[0] === -1 ? undefined : reply[1]);
      await releasePlayers(queueId, ticketId, record.ticket.playerIds);
      return {
        ...record,
        state: 'cancelled',
        finishedAtMs: event.atMs,
        lastEvent: { eventId: reply[1], event },
      };
    },
    async acceptTicket(record, playerId) {
      const { queueId, ticketId } = record.ticket;
      const reply = (await run(
        'mdAccept',
        [...queueKeys(queueId), ticketKey(queueId, ticketId)],
        [ticketId, playerId, logKept],
      )) as [number, string?];
      if (reply[0] < 0) throw ticketRefusal(ticketId, reply[0] === -1 ? undefined : reply[1]);
    },
    async readLog(queueId, afterId, limit) {
      const start = afterId === '0' || afterId === '0-0' ? '-' : `(${afterId}`;
      const rows = await within(client.xrange(`${queueBase(queueId)}log`, start, '+', 'COUNT', limit));
      return rows.map(([id, flat]) => parseEntry(id, flat));
    },
    followLog(queueId, listener) {
      // Its own connection (XREAD BLOCK holds one), which may wait longer than a command may.
      const blocking = { enableOfflineQueue: true, commandTimeout: 5000 };
      const reader: Client =
        client instanceof Cluster
          ? client.duplicate(undefined, {
              enableOfflineQueue: true,
              redisOptions: { ...fastFail, ...blocking },
            })
          : client.duplicate(blocking);
      reader.on('error', () => {});
      followers.add(reader);
      let stopped = false;
      const key = `${queueBase(queueId)}log`;
      let markReady: (startId: string) => void = () => {};
      const ready = new Promise<string>((resolve) => {
        markReady = resolve;
      });
      void (async () => {
        let lastId: string | undefined;
        while (!stopped && !closed) {
          try {
            if (lastId === undefined) {
              const newest = await reader.xrevrange(key, '+', '-', 'COUNT', 1);
              lastId = newest[0]?.[0] ?? '0-0';
              markReady(lastId);
            }
            const reply = await reader.xread('COUNT', 500, 'BLOCK', 1000, 'STREAMS', key, lastId);
            const rows = reply?.[0]?.[1] ?? [];
            if (rows.length === 0) continue;
            lastId = (rows.at(-1) as [string, string[]])[0];
            listener(rows.map(([id, flat]) => parseEntry(id, flat)));
          } catch {
            if (!stopped && !closed) await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
        markReady(lastId ?? '0-0');
      })();
      return {
        ready,
        stop: () => {
          stopped = true;
          followers.delete(reader);
          reader.disconnect();
        },
      };
    },
    async acquireLease(queueId, nodeId, ttlMs) {
      const base = queueBase(queueId);
      const fence = Number(await run('mdAcquire', [`${base}lease`, `${base}fence`], [nodeId, ttlMs]));
      return fence > 0 ? fence : undefined;
    },
    async renewLease(queueId, nodeId, fence, ttlMs) {
      return (await run('mdRenew', [`${queueBase(queueId)}lease`], [`${fence}:${nodeId}`, ttlMs])) === 1;
    },
    async releaseLease(queueId, nodeId, fence) {
      await run('mdReleaseLease', [`${queueBase(queueId)}lease`], [`${fence}:${nodeId}`]);
    },
    async heartbeat(nodeId, ttlMs) {
      return Number(await run('mdHeartbeat', [`${prefix}nodes`], [nodeId, ttlMs]));
    },
    async leaseHolder(queueId) {
      const value = await within(client.get(`${queueBase(queueId)}lease`));
      return value === null ? undefined : value.slice(value.indexOf(':') + 1);
    },
    async liveTickets(queueId) {
      const base = queueBase(queueId);
      // The log's last id first: whatever changes after it is also in the log after it.
      const newest = await within(client.xrevrange(`${base}log`, '+', '-', 'COUNT', 1));
      const logId = newest[0]?.[0] ?? '0-0';
      const [waiting, proposed] = await Promise.all([
        within(client.zrange(`${base}w`, '0', '-1')),
        within(client.smembers(`${base}p`)),
      ]);
      const ids = [...waiting, ...proposed];
      const tickets: TicketRecord[] = [];
      for (let start = 0; start < ids.length; start += 500) {
        const slice = ids.slice(start, start + 500);
        const pipeline = client.pipeline();
        for (const ticketId of slice) pipeline.hgetall(ticketKey(queueId, ticketId));
        const replies = (await within(pipeline.exec())) ?? [];
        for (const [error, fields] of replies) {
          if (error !== null) throw unavailable(error);
          const record = parseRecord(fields as Record<string, string>);
          if (record !== undefined && liveStates.has(record.state)) tickets.push(record);
        }
      }
      tickets.sort((a, b) => a.ticket.createdAtMs - b.ticket.createdAtMs);
      return { logId, tickets };
    },
    async commit(queueId, fence, change): Promise<CommitResult> {
      const base = queueBase(queueId);
      const holder = await within(client.get(`${base}lease`));
      if (holder === null || !holder.startsWith(`${fence}:`)) return 'fenced';
      const reply = Number(
        await run(
          'mdCommit',
          [
            ...queueKeys(queueId),
            `${base}lease`,
            `${base}ob`,
            `${base}wt`,
            `${base}ql`,
            `${base}h:${change.handoff?.next.matchId ?? ''}`,
            `${base}al`,
            ...change.tickets.map((part) => ticketKey(queueId, part.ticketId)),
          ],
          [
            holder,
            change.mode,
            change.from.join(','),
            change.to,
            change.matchId ?? '',
            change.nowMs,
            finishedTicketRetentionMs,
            logKept,
            change.match === undefined ? '' : JSON.stringify(change.match),
            change.match?.quality === undefined ? '' : change.match.quality,
            recentStatsKept,
            ...handoffArgs(change.handoff),
            ...change.tickets.flatMap((part) => [
              part.ticketId,
              JSON.stringify(part.event),
              part.waitMs === undefined ? '' : part.waitMs,
            ]),
          ],
        ),
      );
      if (reply === -1) return 'fenced';
      if (reply === 0) return 'conflict';
      if (!liveStates.has(change.to)) {
        await Promise.all(
          change.tickets.map((part) => releasePlayers(queueId, part.ticketId, part.playerIds)),
        );
      }
      return 'applied';
    },
    async unsavedMatches(queueId) {
      const values = await within(client.hvals(`${queueBase(queueId)}ob`));
      return values.map((json) => JSON.parse(json) as MatchRecord);
    },
    async findUnsavedMatch(matchId, queueIds) {
      const found = await Promise.all(
        [...queueIds].map((queueId) => within(client.hget(`${queueBase(queueId)}ob`, matchId))),
      );
      const json = found.find((value) => value !== null && value !== undefined);
      return json === undefined || json === null ? undefined : (JSON.parse(json) as MatchRecord);
    },
    async matchSaved(queueId, matchId) {
      await within(client.hdel(`${queueBase(queueId)}ob`, matchId));
    },
    async queueCounts(queueId): Promise<QueueCounts> {
      const base = queueBase(queueId);
      const [counts, waits, qualities] = await Promise.all([
        within(client.hmget(`${base}n`, 'searching', 'proposed', 'players', 'matches')),
        within(client.lrange(`${base}wt`, 0, -1)),
        within(client.lrange(`${base}ql`, 0, -1)),
      ]);
      const number = (value: string | null | undefined): number => Math.max(0, Number(value ?? 0));
      return {
        searching: number(counts[0]),
        proposed: number(counts[1]),
        playersWaiting: number(counts[2]),
        matchesFormed: number(counts[3]),
        recentWaitsMs: waits.map(Number),
        recentQualities: qualities.map(Number),
      };
    },
    async readHandoff(queueId, matchId) {
      const json = await within(client.get(`${queueBase(queueId)}h:${matchId}`));
      return json === null ? undefined : (JSON.parse(json) as MatchHandoff);
    },
    async changeHandoff(queueId, change) {
      const base = queueBase(queueId);
      const events = change.ticketEvents ?? [];
      const reply = (await run(
        'mdHandoff',
        [
          `${base}log`,
          `${base}h:${change.next.matchId}`,
          `${base}al`,
          ...events.map((event) => ticketKey(queueId, event.ticketId)),
        ],
        [
          ...handoffArgs(change).slice(0, 4),
          JSON.stringify(change.event),
          change.next.matchId,
          logKept,
          finishedTicketRetentionMs,
          ...events.flatMap((event) => [event.ticketId, JSON.stringify(event)]),
        ],
      )) as [number, string?];
      return reply[0] === 1 ? { eventId: String(reply[1]) } : 'conflict';
    },
    async dueAllocations(queueId, nowMs) {
      return within(client.zrangebyscore(`${queueBase(queueId)}al`, '-inf', nowMs));
    },
    async webhookCursor(queueId) {
      return (await within(client.get(`${queueBase(queueId)}whc`))) ?? undefined;
    },
    async setWebhookCursor(queueId, eventId) {
      await within(client.set(`${queueBase(queueId)}whc`, eventId));
    },
    async ping() {
      await within(client.ping());
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const reader of followers) reader.disconnect();
      await client.quit().catch(() => client.disconnect());
    },
  };
  return state;
}

/** Deletes every key under `prefix` (test clean-up), on one server or every master of a cluster. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const { client } = await connect(url);
  try {
    const nodes = client instanceof Cluster ? client.nodes('master') : [client];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000');
        for (const key of keys) await node.del(key);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    await client.quit().catch(() => client.disconnect());
  }
}
