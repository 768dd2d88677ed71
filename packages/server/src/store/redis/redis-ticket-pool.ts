/**
 * The ticket pool in Redis, shared by every process of a deployment; waiting tickets survive a
 * restart. Every operation that touches more than one key is one Lua script, which Redis runs
 * atomically: `claim` checks and takes all of a match's tickets or none, so a ticket can never be
 * in two matches even when several matchmaker processes race for it.
 *
 * Keys (all under the configured prefix): `ticket:<id>` the ticket JSON, `claim:<id>` the match that
 * claimed it, `waiting` a sorted set of unclaimed ids by creation time, `counts` a hash of unclaimed
 * tickets per queue. Scripts name keys through the prefix, so this adapter targets one Redis (or a
 * cluster with every key in one hash slot via a `{...}` prefix).
 */
import { createHash } from 'node:crypto';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { Redis } from 'ioredis';
import type { PooledTicket } from '../records.ts';
import type { TicketPool } from '../ticket-pool.ts';

const addScript = `
local p = ARGV[1]
if redis.call('EXISTS', p .. 'ticket:' .. ARGV[2]) == 1 then return 0 end
redis.call('SET', p .. 'ticket:' .. ARGV[2], ARGV[3])
redis.call('ZADD', p .. 'waiting', ARGV[4], ARGV[2])
redis.call('HINCRBY', p .. 'counts', ARGV[5], 1)
return 1`;

const removeScript = `
local p = ARGV[1]
local json = redis.call('GET', p .. 'ticket:' .. ARGV[2])
if not json then return 0 end
if redis.call('EXISTS', p .. 'claim:' .. ARGV[2]) == 0 then
  redis.call('ZREM', p .. 'waiting', ARGV[2])
  redis.call('HINCRBY', p .. 'counts', cjson.decode(json).queueId, -1)
end
redis.call('DEL', p .. 'ticket:' .. ARGV[2], p .. 'claim:' .. ARGV[2])
return 1`;

const claimScript = `
local p = ARGV[1]
local match = ARGV[2]
for i = 3, #ARGV do
  if redis.call('EXISTS', p .. 'ticket:' .. ARGV[i]) == 0 then return 0 end
  local owner = redis.call('GET', p .. 'claim:' .. ARGV[i])
  if owner and owner ~= match then return 0 end
end
for i = 3, #ARGV do
  if not redis.call('GET', p .. 'claim:' .. ARGV[i]) then
    redis.call('SET', p .. 'claim:' .. ARGV[i], match)
    redis.call('ZREM', p .. 'waiting', ARGV[i])
    local json = redis.call('GET', p .. 'ticket:' .. ARGV[i])
    redis.call('HINCRBY', p .. 'counts', cjson.decode(json).queueId, -1)
  end
end
return 1`;

const releaseScript = `
local p = ARGV[1]
local match = ARGV[2]
for i = 3, #ARGV do
  if redis.call('GET', p .. 'claim:' .. ARGV[i]) == match then
    redis.call('DEL', p .. 'claim:' .. ARGV[i])
    local ticket = cjson.decode(redis.call('GET', p .. 'ticket:' .. ARGV[i]))
    redis.call('ZADD', p .. 'waiting', ticket.createdAtMs, ARGV[i])
    redis.call('HINCRBY', p .. 'counts', ticket.queueId, 1)
  end
end
return 1`;

/** A TicketPool in Redis at `url`, every key under `prefix`. */
export async function openRedisTicketPool(url: string, prefix: string): Promise<TicketPool> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const shas = new Map<string, string>();
  // EVALSHA sends 40 bytes instead of the script; EVAL once on NOSCRIPT (first use, or after a Redis restart).
  const run = async (script: string, args: readonly (string | number)[]): Promise<number> => {
    let sha = shas.get(script);
    if (sha === undefined) {
      sha = createHash('sha1').update(script).digest('hex');
      shas.set(script, sha);
    }
    try {
      return Number(await redis.evalsha(sha, 0, prefix, ...args));
    } catch (error) {
      if (!String((error as Error).message).includes('NOSCRIPT')) throw error;
      return Number(await redis.eval(script, 0, prefix, ...args));
    }
  };
  let closed = false;
  return {
    backend: 'redis',
    async add(ticket) {
      const added = await run(addScript, [
        ticket.ticketId,
        JSON.stringify(ticket),
        ticket.createdAtMs,
        ticket.queueId,
      ]);
      if (added === 0) {
        throw new MatchdError(ErrorCodes.DUPLICATE_TICKET, `ticket ${ticket.ticketId} already exists`, {
          ticketId: ticket.ticketId,
        });
      }
    },
    async get(ticketId) {
      const [json, claimedBy] = await redis.mget(`${prefix}ticket:${ticketId}`, `${prefix}claim:${ticketId}`);
      if (json === null || json === undefined) return undefined;
      const ticket = JSON.parse(json) as PooledTicket;
      return claimedBy === null || claimedBy === undefined ? { ticket } : { ticket, claimedBy };
    },
    async remove(ticketId) {
      return (await run(removeScript, [ticketId])) === 1;
    },
    async claim(ticketIds, matchId) {
      if (ticketIds.length === 0) return true;
      return (await run(claimScript, [matchId, ...ticketIds])) === 1;
    },
    async release(ticketIds, matchId) {
      if (ticketIds.length > 0) await run(releaseScript, [matchId, ...ticketIds]);
    },
    async waiting() {
      const ids = await redis.zrange(`${prefix}waiting`, '0', '-1');
      const tickets: PooledTicket[] = [];
      // MGET in slices keeps each reply small enough not to stall Redis for other clients.
      for (let start = 0; start < ids.length; start += 1000) {
        const slice = ids.slice(start, start + 1000).map((id) => `${prefix}ticket:${id}`);
        for (const json of await redis.mget(...slice))
          if (json) tickets.push(JSON.parse(json) as PooledTicket);
      }
      return tickets;
    },
    async waitingCounts() {
      const counts = new Map<string, number>();
      for (const [queueId, count] of Object.entries(await redis.hgetall(`${prefix}counts`))) {
        if (Number(count) > 0) counts.set(queueId, Number(count));
      }
      return counts;
    },
    async close() {
      if (closed) return;
      closed = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Deletes every key under `prefix` (test clean-up). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000');
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
