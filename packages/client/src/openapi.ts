/**
 * Generated from the matchd OpenAPI document by openapi-typescript; do not edit.
 * Regenerate with `npm run generate -w @matchd/client` after changing a route schema.
 */
export interface paths {
    readonly "/asyncapi.json": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The AsyncAPI 3.0 document of the WebSocket event stream
         * @description Role: No credential needed.
         */
        readonly get: operations["asyncApiDocument"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/healthz": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Liveness: the backends in use and the number of queues
         * @description Role: No credential needed.
         */
        readonly get: operations["health"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/metrics": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Prometheus metrics (matchd_*: tickets, matches, waits, quality, ticks, HTTP)
         * @description Role: No credential needed.
         */
        readonly get: operations["metrics"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/openapi.json": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description Role: No credential needed.
         */
        readonly get: operations["openApiDocument"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/readyz": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Readiness: stores reachable, the matchmaker worker up, every queue this node runs ticked recently
         * @description For a load balancer: 200 when this node can serve; 503 MM_ERR_UNAVAILABLE with `details.checks` naming each failed check (ratings, state, matchmaker, queues) otherwise.
         *
         *     Role: No credential needed.
         */
        readonly get: operations["readiness"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/insights/experiments": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The experiments’ plots (docs/experiments), served as SVG
         * @description Role: An admin key.
         */
        readonly get: operations["listExperimentPlots"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/insights/matches": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The most recent matches with their quality and its per-criterion explanation
         * @description Role: An admin key.
         */
        readonly get: operations["getRecentMatches"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/insights/queues": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Every queue live: waiting over time, matches per minute, waits, quality histogram, why tickets wait
         * @description Role: An admin key.
         */
        readonly get: operations["getQueueInsights"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/insights/ratings": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The distribution of ratings per track, on its display scale
         * @description Role: An admin key.
         */
        readonly get: operations["getRatingDistributions"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/models/{name}/fit": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Fit a model from the stored history and publish it to every node
         * @description Fits the party bonus (kind party) or the churn model (kind churn) from the reported matches, in a fitting thread, and stores it as the name’s next version; queues naming it on every node are rebuilt on it. Answers when the model is stored. MM_ERR_INVALID_DATA: the history cannot fit the model (too few matches, one class of label).
         *
         *     Role: An admin key.
         */
        readonly post: operations["fitModel"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/players/{playerId}/recalibrate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Re-open a player's calibration on one track (or all)
         * @description Role: An admin key.
         */
        readonly post: operations["recalibratePlayer"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/queues/{queueId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        /**
         * Create or replace a queue config (validated by the engine, applied without restart)
         * @description The waiting tickets carry over to the new config; the config is stored and wins over the file it came from at the next start. A config the engine refuses changes nothing (400 MM_ERR_INVALID_QUEUE_CONFIG with details.path).
         *
         *     Role: An admin key.
         */
        readonly put: operations["putQueue"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/season-reset/apply": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Apply a season reset to every rating of a track (one transaction)
         * @description Role: An admin key.
         */
        readonly post: operations["applySeasonReset"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/admin/season-reset/preview": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * What a season reset of a track would do (changes nothing)
         * @description Role: An admin key.
         */
        readonly post: operations["previewSeasonReset"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/leaderboards/{group}/{kind}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The leaderboard of track `{group}/{kind}`, e.g. /v1/leaderboards/quick/solo
         * @description The same leaderboard as getLeaderboard, with the track written as a path. Players still calibrating are not listed: their rating is hidden until they have played the calibration games. A track's policy says who sees it: public tracks everyone; on `friends` tracks a player sees the board of themself and the friends who let them (scope `friends`); `self` and `hidden` tracks are for admins.
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getTrackLeaderboard"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/leaderboards/{track}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * A track leaderboard by display rating: the top N, or the page around a player
         * @description The track as one path segment: `quick%2Fsolo` for quick/solo. Players still calibrating are not listed: their rating is hidden until they have played the calibration games. A track's policy says who sees it: public tracks everyone; on `friends` tracks a player sees the board of themself and the friends who let them (scope `friends`); `self` and `hidden` tracks are for admins.
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getLeaderboard"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/matches/{matchId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * A match: its teams (each seat with its rating track), quality and outcome
         * @description Role: A server key (game servers) or an admin key.
         */
        readonly get: operations["getMatch"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/matches/{matchId}/assignment": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * The allocator sets the server address of an allocating match
         * @description For queues with `handoff.allocation`: the match leaves `allocating` for `assigned`; the game server hears `assigned` on its match stream and webhook, and every ticket of the match gets `assigned` with the connection. The same address again changes nothing; a match in any other phase is refused (409 MM_ERR_INVALID_MATCH_STATE).
         *
         *     Role: A server key (game servers) or an admin key.
         */
        readonly post: operations["setAssignment"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/matches/{matchId}/backfill": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Fill the open seats of a running match with waiting players
         * @description Name the players still in the match: every other seat is open. The request waits in the match’s queue and is filled with waiting tickets under the queue’s hard limits and quality, together with the present players (teams kept, only open seats filled); it goes before new matches, and expires like a ticket. Refused: 404 MM_ERR_MATCH_NOT_FOUND, 409 MM_ERR_PLAYER_NOT_IN_MATCH, MM_ERR_MATCH_FULL, MM_ERR_BACKFILL_EXISTS (details.requestId), MM_ERR_INVALID_MATCH_STATE.
         *
         *     Role: A server key (game servers) or an admin key.
         */
        readonly post: operations["requestBackfill"];
        /**
         * Cancel the match’s live backfill request
         * @description Role: A server key (game servers) or an admin key.
         */
        readonly delete: operations["cancelBackfill"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/matches/{matchId}/handoff": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * A running match: its phase, roster by team, server address and live backfill request
         * @description Role: A server key (game servers) or an admin key.
         */
        readonly get: operations["getMatchHandoff"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/matches/{matchId}/leave": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Report players who left a running match (their seats open)
         * @description With the queue’s `backfill.auto`, a backfill request for the open seats is made at once (unless one is live).
         *
         *     Role: A server key (game servers) or an admin key.
         */
        readonly post: operations["reportLeave"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/matches/{matchId}/result": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Report a result (applied once)
         * @description Ranks per team (1 = first, ties allowed), optional scores and participation. Applied once, in one transaction (201); the same report again returns the first outcome (200, applied: false); a different one is refused (409 MM_ERR_RESULT_CONFLICT). `performance` (a number per player the game defines) moves ratings on tracks whose policy asks for it. Changes are shown as the track's policy allows: hidden on tracks that are not public, and no raw mean while a player calibrates (docs/ratings-policy.md). A result rates the match's roster at its end: per team, the players in its hand-off record (those still in it and those backfilled into it); players who left are rated as the queue's `backfill.leavers` says (default `unrated`; `loss`: lost to every other team), and the stored match shows the whole roster (docs/handoff.md).
         *
         *     Role: A server key (game servers) or an admin key.
         */
        readonly post: operations["reportResult"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/players/{playerId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Ratings per track (display value, calibration), games, experience
         * @description Each track's policy says who sees its rating (`visibility`: public, self, friends, hidden; admins always). A track stays `calibrating` (no raw mean, no display value or a `provisional` one, not on leaderboards) until the player has played the policy's calibration games.
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getPlayer"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/players/{playerId}/friends": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The player's friends list
         * @description The players who may see this player's ratings on tracks whose policy is `friends` (one-way: ana listing ben lets ben see ana's). A player token reads and changes its own list; server and admin keys any list. A deployment that passes its own FriendsSource to buildServer answers reads from it and refuses changes (403).
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getFriends"];
        /**
         * Replace the player's friends list
         * @description The players who may see this player's ratings on tracks whose policy is `friends` (one-way: ana listing ben lets ben see ana's). A player token reads and changes its own list; server and admin keys any list. A deployment that passes its own FriendsSource to buildServer answers reads from it and refuses changes (403).
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly put: operations["putFriends"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/players/{playerId}/friends/{friendId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        /**
         * Add one player to the friends list (no change if listed)
         * @description The players who may see this player's ratings on tracks whose policy is `friends` (one-way: ana listing ben lets ben see ana's). A player token reads and changes its own list; server and admin keys any list. A deployment that passes its own FriendsSource to buildServer answers reads from it and refuses changes (403).
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly put: operations["addFriend"];
        readonly post?: never;
        /**
         * Remove one player from the friends list (no change if absent)
         * @description The players who may see this player's ratings on tracks whose policy is `friends` (one-way: ana listing ben lets ben see ana's). A player token reads and changes its own list; server and admin keys any list. A deployment that passes its own FriendsSource to buildServer answers reads from it and refuses changes (403).
         *
         *     Role: A player token (for their own data), a server key or an admin key.
         */
        readonly delete: operations["removeFriend"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/players/{playerId}/matches": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The player's matches, newest first
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getPlayerMatches"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/queues": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Every queue: config and live stats
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["listQueues"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/queues/{queueId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * A queue: config, tickets waiting, wait p50/p90, quality of recent matches
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getQueue"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/tickets": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Create a ticket for one player or a party
         * @description The service looks the players’ ratings up on the queue’s solo or party track; the engine validates the ticket against the queue (gates, party size, regions) before it is stored. The ticket then waits for a tick.
         *
         *     Role: A server key (game servers) or an admin key.
         */
        readonly post: operations["createTicket"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/tickets/{ticketId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * State, wait, ETA and why it has not matched yet
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly get: operations["getTicket"];
        readonly put?: never;
        readonly post?: never;
        /**
         * Cancel a searching or proposed ticket
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly delete: operations["cancelTicket"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/tickets/{ticketId}/accept": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Accept the proposed match (queues with an acceptance step)
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly post: operations["acceptMatch"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/tickets/{ticketId}/decline": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Decline the proposed match: the ticket leaves, the others search again
         * @description Role: A player token (for their own data), a server key or an admin key.
         */
        readonly post: operations["declineMatch"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/v1/tokens": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Issue a short-lived player token (server key)
         * @description A player token lets a game client read and cancel its own tickets, watch their events, and read its own profile and history. Its lifetime is at most MATCHD_TOKEN_TTL_SECONDS.
         *
         *     Role: A server key (game servers) or an admin key.
         */
        readonly post: operations["issueToken"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** BackfillView */
        readonly BackfillView: {
            readonly matchId: string;
            /** @description Open seats per team */
            readonly openSeats: readonly number[];
            readonly queueId: string;
            readonly requestId: string;
        };
        /**
         * Connection
         * @example {
         *       "host": "10.0.4.17",
         *       "port": 7777
         *     }
         */
        readonly Connection: {
            readonly host: string;
            readonly port: number;
            /** @description Anything else the game client needs (a session token), passed on unchanged */
            readonly properties?: {
                readonly [key: string]: string;
            };
        };
        /** CriterionConfig */
        readonly CriterionConfig: {
            /** @description common-language */
            readonly acrossMatchPenalty?: number;
            /**
             * @description wait-time
             * @enum {string}
             */
            readonly aggregate?: "max" | "mean";
            /**
             * @description The criterion (docs/queues.md describes each)
             * @enum {string}
             */
            readonly kind: "team-balance" | "skill-spread" | "experience-spread" | "top-player-parity" | "party-balance" | "common-language" | "wait-time" | "team-skill-gap" | "player-skill-gap" | "premades" | "enemy-ping" | "opponent-variation" | "hosts" | "offense-defense" | "variance-rating" | "engagement";
            /** @description skill-spread, experience-spread */
            readonly partyAggregate?: boolean;
            /** @description How the raw value becomes a score in [0, 1] */
            readonly shaping?: {
                readonly cap?: number;
                readonly floor?: number;
                readonly power?: number;
            };
            /** @description premades */
            readonly smallDifferencePlayers?: number;
            /** @description premades */
            readonly smallDifferenceScore?: number;
            /** @description opponent-variation */
            readonly swappedRolePenalty?: number;
            /** @description hosts */
            readonly wantedHosts?: number;
            /** @description Weight in the mean; 0 = explain only */
            readonly weight: number;
            /** @description common-language */
            readonly withinTeamPenalty?: number;
        };
        /** CriterionExplanation */
        readonly CriterionExplanation: {
            readonly criterion: string;
            /** @example mean enemy ping 84 ms */
            readonly detail: string;
            /** @description The raw value in the criterion’s unit */
            readonly raw: number;
            readonly score: number;
            readonly weight: number;
        };
        /**
         * ErrorBody
         * @description An error: a stable code, a message and details
         * @example {
         *       "error": {
         *         "code": "MM_ERR_INVALID_REQUEST",
         *         "message": "body.players: must NOT have fewer than 1 items",
         *         "details": {
         *           "path": "body.players"
         *         }
         *       }
         *     }
         */
        readonly ErrorBody: {
            readonly error: {
                /**
                 * @description Stable error code (docs/server.md lists them)
                 * @enum {string}
                 */
                readonly code: "MM_ERR_INVALID_RATING" | "MM_ERR_INVALID_TEAMS" | "MM_ERR_INVALID_RESULT" | "MM_ERR_INVALID_OPTION" | "MM_ERR_INVALID_COSTS" | "MM_ERR_UNFILLABLE_TEAMS" | "MM_ERR_INVALID_QUEUE_CONFIG" | "MM_ERR_INVALID_TICKET" | "MM_ERR_PARTY_TOO_LARGE" | "MM_ERR_GATE_REJECTED" | "MM_ERR_DUPLICATE_TICKET" | "MM_ERR_PLAYER_ALREADY_QUEUED" | "MM_ERR_TICKET_NOT_FOUND" | "MM_ERR_INVALID_TICKET_STATE" | "MM_ERR_QUEUE_NOT_FOUND" | "MM_ERR_MATCH_NOT_FOUND" | "MM_ERR_PLAYER_NOT_FOUND" | "MM_ERR_RESULT_CONFLICT" | "MM_ERR_TIME_WENT_BACKWARDS" | "MM_ERR_INVALID_REQUEST" | "MM_ERR_UNAUTHORIZED" | "MM_ERR_FORBIDDEN" | "MM_ERR_RATE_LIMITED" | "MM_ERR_PAYLOAD_TOO_LARGE" | "MM_ERR_ROUTE_NOT_FOUND" | "MM_ERR_UNAVAILABLE" | "MM_ERR_QUEUE_FULL" | "MM_ERR_INVALID_BACKFILL" | "MM_ERR_PLAYER_NOT_IN_MATCH" | "MM_ERR_MATCH_FULL" | "MM_ERR_BACKFILL_EXISTS" | "MM_ERR_BACKFILL_NOT_FOUND" | "MM_ERR_INVALID_MATCH_STATE" | "MM_ERR_INVALID_DATA" | "MM_ERR_TIMEOUT" | "MM_ERR_INTERNAL";
                /** @description Where and why: `path` of the refused field, ids, limits */
                readonly details: {
                    readonly [key: string]: unknown;
                };
                readonly message: string;
            };
        };
        /** FriendsList */
        readonly FriendsList: {
            /** @description Players who may see this player's ratings on `friends` tracks (the list is one-way) */
            readonly friends: readonly string[];
        };
        /** Histogram */
        readonly Histogram: {
            /** @description Equal-width bins from min to max */
            readonly counts: readonly number[];
            readonly max: number;
            readonly min: number;
        };
        /**
         * Leaderboard
         * @description Players still calibrating are not ranked (their rating is hidden until calibrated)
         */
        readonly Leaderboard: {
            readonly playerRank?: number;
            readonly rows: readonly {
                readonly display: number;
                readonly games: number;
                readonly playerId: string;
                readonly rank: number;
            }[];
            /** @description `friends`: the board of the caller and the friends who let them see (a `friends` track) */
            readonly scope: "all" | "friends";
            readonly track: string;
        };
        /** LeaveReply */
        readonly LeaveReply: {
            readonly backfill?: components["schemas"]["BackfillView"];
            readonly match: components["schemas"]["MatchHandoff"];
        };
        /** MatchHandoff */
        readonly MatchHandoff: {
            /** @description Epoch milliseconds */
            readonly allocateDeadlineMs?: number;
            /** @description The live backfill request */
            readonly backfillRequestId?: string;
            readonly connection?: components["schemas"]["Connection"];
            /** @description Epoch milliseconds */
            readonly createdAtMs: number;
            readonly matchId: string;
            /**
             * @description `ready`: no allocation step; `allocating`: waiting for the allocator; `assigned`: the server address is set; `allocation-failed`: no address in time (the players were told)
             * @enum {string}
             */
            readonly phase: "ready" | "allocating" | "assigned" | "allocation-failed";
            readonly queueId: string;
            readonly region?: string;
            readonly teams: readonly {
                /** @description The team's name in a queue of named teams (who plays the monster) */
                readonly name?: string;
                readonly playerIds: readonly string[];
                /** @description Seats of the team in all (its size when the match formed) */
                readonly seats: number;
                readonly ticketIds: readonly string[];
            }[];
            /** @description Epoch milliseconds */
            readonly updatedAtMs: number;
            readonly version: number;
        };
        /** MatchOutcome */
        readonly MatchOutcome: {
            readonly changes: readonly ({
                readonly after: {
                    /** @description Absent while the player calibrates (but for admins) */
                    readonly deviation?: number;
                    /** @description Absent while the player calibrates */
                    readonly display?: number;
                    /** @description Absent while the player calibrates (but for admins) */
                    readonly mean?: number;
                    /** @description While calibrating, on a policy that shows one: the display value so far */
                    readonly provisional?: number;
                };
                readonly before: {
                    /** @description Absent while the player calibrates (but for admins) */
                    readonly deviation?: number;
                    /** @description Absent while the player calibrates */
                    readonly display?: number;
                    /** @description Absent while the player calibrates (but for admins) */
                    readonly mean?: number;
                    /** @description While calibrating, on a policy that shows one: the display value so far */
                    readonly provisional?: number;
                };
                readonly playerId: string;
                readonly track: string;
            } | {
                /** @enum {boolean} */
                readonly hidden: true;
                readonly playerId: string;
                readonly track: string;
            })[];
            /** @description Epoch milliseconds */
            readonly reportedAtMs: number;
            readonly result: {
                readonly homeTeam?: number;
                readonly neutral?: boolean;
                readonly participation?: readonly (readonly number[])[];
                readonly performance?: readonly (readonly number[])[];
                readonly ranks: readonly number[];
                readonly scores?: readonly number[];
                readonly season?: string;
            };
        };
        /** MatchRecord */
        readonly MatchRecord: {
            /** @description Epoch milliseconds */
            readonly createdAtMs: number;
            readonly matchId: string;
            readonly outcome?: components["schemas"]["MatchOutcome"];
            readonly quality?: number;
            readonly queueId: string;
            /** @description The name of each team, in `teams` order, when the queue declares named teams */
            readonly teamNames?: readonly string[];
            /** @description Per team, its seats: the teams the match formed with; once a result is reported, its whole roster (players who left marked `left`, then backfilled players marked `backfilled`) */
            readonly teams: readonly (readonly {
                /** @description Joined the running match by backfill */
                readonly backfilled?: boolean;
                /** @description Left before the match's end (a leave report, or left out of a backfill request); rated as the queue's `backfill.leavers` says */
                readonly left?: boolean;
                readonly playerId: string;
                readonly ticketId: string;
                readonly track: string;
            }[])[];
        };
        /** Profile */
        readonly Profile: {
            /** @description log of games played, over every track */
            readonly experience: number;
            readonly gamesPlayed: number;
            readonly playerId: string;
            readonly tracks: readonly {
                /** @description Calibrating ratings are hidden from leaderboards */
                readonly calibrating: boolean;
                readonly calibrationGamesLeft: number;
                readonly deviation?: number;
                readonly display?: number;
                readonly draws: number;
                readonly games: number;
                /** @description On a track whose policy keeps Kreimeier's ladder: the place on it (1 = top) */
                readonly ladderPlace?: number;
                /** @description Epoch milliseconds */
                readonly lastPlayedAtMs: number;
                readonly losses: number;
                /** @description Absent while calibrating (but for admins) */
                readonly mean?: number;
                /** @description Not public: the rating is shown to some callers only */
                readonly private: boolean;
                /** @description While calibrating, on a policy that shows one: the display value so far */
                readonly provisional?: number;
                readonly rank?: number;
                readonly track: string;
                /** @description Who sees the rating (the track's policy); admins always do */
                readonly visibility: "public" | "self" | "friends" | "hidden";
                /** @description This caller may see the rating */
                readonly visible: boolean;
                readonly wins: number;
            }[];
            readonly waitingTicketId?: string;
        };
        /**
         * QueueConfig
         * @description A queue config (docs/queues.md); the engine validates its meaning
         * @example {
         *       "id": "quick-2v2",
         *       "teams": {
         *         "count": 2,
         *         "size": 2
         *       },
         *       "rating": {
         *         "track": "quick"
         *       },
         *       "criteria": [
         *         {
         *           "kind": "team-balance",
         *           "weight": 1
         *         }
         *       ],
         *       "threshold": {
         *         "start": 0.5,
         *         "linear": {
         *           "perSecond": 0.05,
         *           "limit": 0
         *         }
         *       },
         *       "mode": {
         *         "kind": "continuous",
         *         "maxWaitMs": 30000
         *       }
         *     }
         */
        readonly QueueConfig: {
            /** @description Proposed matches wait for every player to accept */
            readonly acceptance?: {
                readonly timeoutMs: number;
            };
            /** @description Player attributes the rules read, each with its type and default (docs/rules.md); the engine checks each declaration */
            readonly attributes?: {
                readonly [key: string]: {
                    readonly default?: number | string | readonly string[] | {
                        readonly [key: string]: number;
                    };
                    /** @enum {string} */
                    readonly type: "number" | "string" | "string_list" | "string_number_map";
                };
            };
            /** @description Filling the open seats of running matches (docs/handoff.md) */
            readonly backfill?: {
                /** @description A leave report starts a backfill request by itself */
                readonly auto?: boolean;
                readonly expireAfterMs?: number;
                /**
                 * @description How a result rates players who left before the match's end: `unrated` (default) leaves their ratings alone, `loss` rates each as having lost to every other team
                 * @enum {string}
                 */
                readonly leavers?: "unrated" | "loss";
            };
            readonly criteria: readonly components["schemas"]["CriterionConfig"][];
            /** @description The queue's churn estimates for engagement criteria and objectives (default: the service's churn table) */
            readonly engagement?: {
                /** @description A churn model fitted from the service history (matchd engagement fit) by name; churnTable serves until it exists */
                readonly churnModel?: string;
                /** @description Churn probability by recent outcomes then the upcoming one, oldest first (EOMM); every key of one length */
                readonly churnTable?: {
                    readonly [key: string]: number;
                };
            };
            readonly eta?: {
                readonly samples?: number;
                readonly skillBandWidth?: number;
            };
            readonly expireAfterMs?: number;
            readonly gates?: {
                readonly disallowedRoles?: readonly string[];
                /** @description The track whose games minGamesPlayed counts (a name counts its solo and party tracks); default the queue’s own */
                readonly gamesTrack?: string;
                /** @enum {string} */
                readonly lowPriority?: "separate" | "reject";
                readonly maxPartySize?: number;
                readonly minGamesPlayed?: number;
                readonly minPartySize?: number;
            };
            /** @description How matches reach game servers (docs/handoff.md) */
            readonly handoff?: {
                /** @description Matches wait in `allocating` for the allocator’s address; they fail after `timeoutMs` */
                readonly allocation?: {
                    readonly timeoutMs: number;
                };
                /** @description Signed POST of every match event */
                readonly webhookUrl?: string;
            };
            readonly id: string;
            /** @description continuous: every tick; rounds: all at once */
            readonly mode: {
                /** @description continuous */
                readonly candidateWindow?: number;
                /** @enum {string} */
                readonly kind: "continuous" | "rounds";
                /** @description continuous */
                readonly maxEvaluationsPerTick?: number;
                readonly maxWaitMs: number;
                /** @description rounds */
                readonly minPlayers?: number;
                /**
                 * @description A ticket past maxWaitMs: accept (default) any match every other ticket accepts at its own wait, or force its best match (DomiNations); hard limits hold either way
                 * @enum {string}
                 */
                readonly overdue?: "accept" | "force";
                /** @description rounds */
                readonly periodMs?: number;
                /** @description rounds */
                readonly searchBudgetMs?: number;
                /**
                 * @description rounds
                 * @enum {string}
                 */
                readonly searchMethod?: "restarts" | "annealing";
                /**
                 * @description continuous
                 * @enum {string}
                 */
                readonly selection?: "greedy" | "exact";
            };
            readonly name?: string;
            readonly objective?: {
                /** @description blend */
                readonly engagementWeight?: number;
                /** @enum {string} */
                readonly kind: "quality" | "engagement" | "blend";
                readonly maxFavouriteWinProbability?: number;
            };
            readonly rating: {
                readonly calibrationGames?: number;
                /** @description A party-bonus model (matchd ratings fit-party) by name: party members enter the queue with their rating raised by its bonus (Dota party-adjusted MMR) */
                readonly partyAdjustment?: string;
                /** @description The track's rating policy (docs/ratings-policy.md); missing: the config's `tracks`, else the default */
                readonly policy?: string | components["schemas"]["RatingPolicy"];
                readonly skillRange?: {
                    readonly max: number;
                    readonly min: number;
                };
                readonly skillScale?: number;
                /** @description Rating track; tickets are rated on `<track>/solo` or `<track>/party` */
                readonly track: string;
            };
            readonly regions?: {
                /** @description Most ping to the match’s region, relaxing (higher) with the wait */
                readonly maxPingMs: {
                    /** @description A ramp of `perSecond`, stopped at `limit` */
                    readonly linear?: {
                        readonly limit: number;
                        readonly perSecond: number;
                        /** @description Milliseconds */
                        readonly startAfterMs?: number;
                    };
                    readonly start: number;
                    /** @description From `afterMs` of wait on, the value is `value` */
                    readonly steps?: readonly {
                        /** @description Milliseconds */
                        readonly afterMs: number;
                        readonly value: number;
                    }[];
                };
                readonly names: readonly string[];
            };
            /** @enum {string} */
            readonly roundAggregate?: "mean" | "sqrt-mean";
            /** @description Hard and soft rules over player attributes, teams and latency (docs/rules.md); the engine checks each rule */
            readonly rules?: readonly ({
                readonly kind: string;
            } & {
                readonly [key: string]: unknown;
            })[];
            /** @description Interchangeable teams of one size range (`{ count, size }`), or named teams each with its own range */
            readonly teams: {
                /** @description Number of teams: 1 (co-op, lobbies) to 100 (free-for-all), or a range */
                readonly count: number | {
                    readonly max: number;
                    readonly min: number;
                };
                /** @description With a size range: the most players two teams of one match may differ by (default 0) */
                readonly maxSizeDifference?: number;
                /** @description The fewest players a ticket accepts in its match, relaxing (lower) with its wait; default: the largest match at first, the smallest at mode.maxWaitMs */
                readonly minMatchPlayers?: {
                    /** @description A ramp of `perSecond`, stopped at `limit` */
                    readonly linear?: {
                        readonly limit: number;
                        readonly perSecond: number;
                        /** @description Milliseconds */
                        readonly startAfterMs?: number;
                    };
                    readonly start: number;
                    /** @description From `afterMs` of wait on, the value is `value` */
                    readonly steps?: readonly {
                        /** @description Milliseconds */
                        readonly afterMs: number;
                        readonly value: number;
                    }[];
                };
                /** @description Players per team, or a range (a match holds at most 200 players) */
                readonly size: number | {
                    readonly max: number;
                    readonly min: number;
                };
            } | readonly {
                readonly maxPlayers: number;
                /** @description The fewest players of the team: a number, or a relaxation over the wait */
                readonly minPlayers: number | {
                    /** @description A ramp of `perSecond`, stopped at `limit` */
                    readonly linear?: {
                        readonly limit: number;
                        readonly perSecond: number;
                        /** @description Milliseconds */
                        readonly startAfterMs?: number;
                    };
                    readonly start: number;
                    /** @description From `afterMs` of wait on, the value is `value` */
                    readonly steps?: readonly {
                        /** @description Milliseconds */
                        readonly afterMs: number;
                        readonly value: number;
                    }[];
                };
                /** @description Unique in the queue; rules name it (`team`), matches report it */
                readonly name: string;
            }[];
            /** @description Match quality a ticket accepts, relaxing (lower) with its wait */
            readonly threshold: {
                /** @description A ramp of `perSecond`, stopped at `limit` */
                readonly linear?: {
                    readonly limit: number;
                    readonly perSecond: number;
                    /** @description Milliseconds */
                    readonly startAfterMs?: number;
                };
                readonly start: number;
                /** @description From `afterMs` of wait on, the value is `value` */
                readonly steps?: readonly {
                    /** @description Milliseconds */
                    readonly afterMs: number;
                    readonly value: number;
                }[];
            };
        };
        /** QueueView */
        readonly QueueView: {
            readonly config: components["schemas"]["QueueConfig"];
            /** @description Since the process started */
            readonly matchesFormed: number;
            readonly playersWaiting: number;
            readonly queueId: string;
            readonly recentQualityMean?: number;
            readonly ticketsWaiting: number;
            /** @description Milliseconds */
            readonly waitP50Ms?: number;
            /** @description Milliseconds */
            readonly waitP90Ms?: number;
        };
        /** RatingPolicy */
        readonly RatingPolicy: {
            readonly calibration?: {
                readonly deviationFloor?: number;
                /** @description Default 10 */
                readonly games?: number;
                /** @description Elo-like: change multiplier */
                readonly multiplier?: number;
                /** @description Re-open when results keep surprising the model */
                readonly reopen?: {
                    readonly maxMeanSurprise: number;
                    readonly windowGames: number;
                };
                readonly reopenAfterIdleDays?: number;
                /**
                 * @description While calibrating: nothing, or a display value marked provisional (never the raw mean)
                 * @enum {string}
                 */
                readonly show?: "hidden" | "provisional";
            };
            readonly display?: {
                readonly k?: number;
                /** @enum {string} */
                readonly kind: "conservative" | "linear" | "fixed-range";
                /** @description fixed-range: the top of the range (Kreimeier: 10000) */
                readonly max?: number;
                /** @description fixed-range: the population mean */
                readonly mean?: number;
                readonly offset?: number;
                readonly scale?: number;
                /** @description fixed-range: the population width (a standard deviation) */
                readonly width?: number;
            };
            readonly inactivity?: {
                /** @description Decay toward the mean while away (Kreimeier) */
                readonly decay?: {
                    readonly mean?: number;
                    readonly periodDays: number;
                    readonly perPeriod: number;
                };
                readonly deviationGrowthPerSqrtDay?: number;
                readonly maxDeviation?: number;
            };
            /** @description Kreimeier's ladder beside the rating: a lower-placed duel winner takes the loser's place */
            readonly ladder?: boolean;
            /** @description The model and its own options (engine defaults elsewhere) */
            readonly model: {
                /** @description weng-lin, trueskill: performance noise */
                readonly beta?: number;
                /** @description trueskill */
                readonly drawProbability?: number;
                /** @description margin-kalman */
                readonly drawRate?: number;
                /** @description margin-kalman */
                readonly fallbackMargin?: number;
                /** @description margin-kalman: points */
                readonly homeAdvantage?: number;
                /** @description glicko2, elo */
                readonly initialRating?: number;
                /** @description glicko2 */
                readonly initialRd?: number;
                /** @description glicko2 */
                readonly initialVolatility?: number;
                /**
                 * @description Any of the engine models
                 * @enum {string}
                 */
                readonly kind: "weng-lin" | "trueskill" | "glicko2" | "elo" | "fermi" | "margin-kalman";
                /** @description Elo's K per player per match */
                readonly kPolicy?: {
                    readonly baseK?: number;
                    readonly highRatingK?: number;
                    readonly highRatingThreshold?: number;
                    /** @description constant */
                    readonly k?: number;
                    /**
                     * @description `dominations`: K for new alliances, streaks and the high-Glory band (DomiNations)
                     * @enum {string}
                     */
                    readonly kind: "constant" | "dominations";
                    readonly newPlayerGames?: number;
                    readonly newPlayerK?: number;
                    readonly streakLength?: number;
                    readonly streakMultiplier?: number;
                };
                /** @description fermi: max_gain */
                readonly maxGain?: number;
                /** @description fermi: the population mean, every new rating */
                readonly mean?: number;
                /** @description weng-lin, trueskill: initial mean */
                readonly mu?: number;
                /** @description margin-kalman: a game margin’s own variance (points^2) */
                readonly observationVariance?: number;
                /** @description margin-kalman */
                readonly priorVariance?: number;
                /** @description elo: a gap of `scale` points is 10:1 odds */
                readonly scale?: number;
                /** @description weng-lin, trueskill: initial deviation */
                readonly sigma?: number;
                /** @description dynamics (glicko2: volatility constraint) */
                readonly tau?: number;
                /**
                 * @description elo, fermi
                 * @enum {string}
                 */
                readonly teamStrength?: "mean" | "sum";
                /** @description fermi: T */
                readonly temperature?: number;
                /**
                 * @description weng-lin
                 * @enum {string}
                 */
                readonly variant?: "plackett-luce" | "bradley-terry-full" | "bradley-terry-part" | "thurstone-mosteller-full" | "thurstone-mosteller-part";
            };
            /** @description Results' individual `performance` moves ratings */
            readonly performance?: {
                readonly max?: number;
                readonly min?: number;
                /** @enum {string} */
                readonly relativeTo?: "team" | "match";
                readonly required?: boolean;
                /** @description Full effect at this deviation, less below */
                readonly uncertaintyScale?: number;
                /** @description Rating points per standard deviation */
                readonly weight: number;
            };
            /** @description Regression toward the mean at a new `season` of results */
            readonly season?: {
                readonly anchor?: number;
                readonly keep: number;
            };
            /** @description The admin season reset when its request names none */
            readonly seasonReset?: {
                readonly anchor: number;
                readonly deviationAfter?: number;
                readonly shape: {
                    readonly keep?: number;
                    /** @enum {string} */
                    readonly kind: "linear" | "log";
                    readonly scale?: number;
                };
            };
            /** @description Team-sport terms (#17); the margin model has its own */
            readonly terms?: {
                /** @description Draws as a third outcome of the prediction */
                readonly draw?: {
                    readonly drawProbability?: number;
                    readonly drawRate?: number;
                    /** @enum {string} */
                    readonly kind: "davidson" | "eomm" | "ordered-logit";
                    readonly nu?: number;
                };
                /** @description Rating points of a result’s `homeTeam` (not when `neutral`) */
                readonly homeAdvantage?: number;
                readonly marginGapRatio?: number;
            };
            /**
             * @description Who sees the rating: everyone, the player, the player and friends, nobody (admins always)
             * @enum {string}
             */
            readonly visibility?: "public" | "self" | "friends" | "hidden";
        };
        /** TicketRequest */
        readonly TicketRequest: {
            readonly languages?: readonly string[];
            /** @description A stricter minimum quality of this ticket */
            readonly minQuality?: number;
            /** @description Ping in ms to each region the player can play in */
            readonly pingMsByRegion?: {
                readonly [key: string]: number;
            };
            /** @description One player or a party */
            readonly players: readonly {
                /**
                 * @description Values of the player attributes the queue declares, each of its declared type (a number, a string, a list of strings, or strings to numbers); the queue’s rules read them, and an attribute left out takes the declared default (docs/rules.md)
                 * @example {
                 *       "skill": 23,
                 *       "build": "1.4.2",
                 *       "modes": [
                 *         "ctf",
                 *         "tdm"
                 *       ],
                 *       "maps": {
                 *         "dust": 80
                 *       }
                 *     }
                 */
                readonly attributes?: {
                    readonly [key: string]: number | string | readonly string[] | {
                        readonly [key: string]: number;
                    };
                };
                /** @description Base defensive rating (DomiNations) */
                readonly defenseRating?: number;
                /** @description Languages the player accepts (common-language criterion); absent = any */
                readonly languages?: readonly string[];
                /** @description Low-priority pool (Dota): matched only with each other, or refused */
                readonly lowPriority?: boolean;
                /**
                 * @description NAT class for peer-to-peer hosting, read by the hosts criterion: open reaches all, moderate reaches open and moderate, strict reaches open only; absent counts as open
                 * @enum {string}
                 */
                readonly nat?: "open" | "moderate" | "strict";
                /** @description Base offensive rating (DomiNations offense-defense and variance-rating criteria) */
                readonly offenseRating?: number;
                /** @description Ping in ms to each region the player can play in */
                readonly pingMsByRegion?: {
                    readonly [key: string]: number;
                };
                readonly playerId: string;
                /** @description Oldest first, for engagement queues; when absent, read from the stored history (last 10 reported matches) */
                readonly recentOutcomes?: readonly ("W" | "L" | "D")[];
                /** @description Roles the player wants to play; a queue may refuse some (gates.disallowedRoles) */
                readonly roles?: readonly string[];
            }[];
            readonly queueId: string;
            /** @description Default: a fresh `t_<uuid>` */
            readonly ticketId?: string;
        };
        /** TicketView */
        readonly TicketView: {
            /** @description Epoch milliseconds */
            readonly createdAtMs: number;
            /** @description Rounds: the next round; continuous: recent waits of similar tickets */
            readonly eta?: {
                /** @description Epoch milliseconds */
                readonly atMs: number;
                /** @enum {string} */
                readonly kind: "round";
            } | {
                /** @enum {string} */
                readonly kind: "estimate";
                /** @description Milliseconds */
                readonly remainingMedianMs: number;
                /** @description Milliseconds */
                readonly remainingP90Ms: number;
                readonly samples: number;
            } | {
                /** @enum {string} */
                readonly kind: "unknown";
            };
            readonly explanation?: components["schemas"]["WaitExplanation"];
            /** @description Id of the ticket’s latest event: a stream resumes after it (`after=`) */
            readonly lastEventId?: string;
            readonly matchId?: string;
            readonly playerIds: readonly string[];
            readonly queueId: string;
            /** @enum {string} */
            readonly state: "searching" | "proposed" | "matched" | "cancelled" | "expired";
            readonly ticketId: string;
            /** @description The rating track of the ticket’s players */
            readonly track: string;
            /** @description Milliseconds */
            readonly waitMs: number;
        };
        /** WaitExplanation */
        readonly WaitExplanation: {
            /** @description No candidate at all: a hard limit of this ticket excludes every waiting ticket */
            readonly alone?: {
                /** @example no waiting player within your 150 ms cap in eu or na */
                readonly detail: string;
                /**
                 * @description A hard limit (docs/queues.md, "The meaning of waiting"): never broken for any ticket of a match; `rule` is one of the queue’s hard rules (docs/rules.md)
                 * @enum {string}
                 */
                readonly limit: "gates" | "ping-cap" | "match-size" | "team-sizes" | "fairness-floor" | "rule";
                /** @description The hard rule that holds it back (`rules[].name`), for `rule` */
                readonly rule?: string;
            };
            readonly bestCandidate?: {
                readonly belowThreshold: readonly components["schemas"]["CriterionExplanation"][];
                readonly criteria: readonly components["schemas"]["CriterionExplanation"][];
                /** @description Hard limits the candidate breaks (it cannot form until they hold) */
                readonly heldBy: readonly {
                    /** @example t7: 180 ms to eu, over its 150 ms cap */
                    readonly detail: string;
                    /**
                     * @description A hard limit (docs/queues.md, "The meaning of waiting"): never broken for any ticket of a match; `rule` is one of the queue’s hard rules (docs/rules.md)
                     * @enum {string}
                     */
                    readonly limit: "gates" | "ping-cap" | "match-size" | "team-sizes" | "fairness-floor" | "rule";
                    /** @description The hard rule that holds it back (`rules[].name`), for `rule` */
                    readonly rule?: string;
                    /** @description Tickets of the candidate for which the limit fails */
                    readonly ticketIds: readonly string[];
                }[];
                readonly quality: number;
                readonly rejectedBy: readonly string[];
                readonly ticketIds: readonly string[];
            };
            readonly summary: string;
            /** @description The quality the ticket accepts now */
            readonly thresholdNow: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readonly asyncApiDocument: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly [key: string]: unknown;
                    };
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly health: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description Where the waiting tickets live: memory or redis */
                        readonly poolBackend: string;
                        readonly queues: number;
                        readonly ratingsBackend: string;
                        /** @enum {string} */
                        readonly status: "ok";
                    };
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly metrics: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Prometheus text exposition format */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "text/plain": string;
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly openApiDocument: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly [key: string]: unknown;
                    };
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly readiness: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description The queues whose matchmaker runs on this node */
                        readonly ownedQueues: readonly string[];
                        /** @enum {string} */
                        readonly status: "ready";
                    };
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly listExperimentPlots: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly plots: readonly {
                            readonly experiment: string;
                            readonly name: string;
                            /** @description Path of the SVG on this server */
                            readonly url: string;
                        }[];
                    };
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getRecentMatches: {
        readonly parameters: {
            readonly query?: {
                /** @description 1 to 200, default 20 */
                readonly limit?: number;
                readonly queueId?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly matches: readonly {
                            /** @description Epoch milliseconds */
                            readonly atMs: number;
                            readonly criteria: readonly components["schemas"]["CriterionExplanation"][];
                            /** @description A ticket past its maximum wait forced the match */
                            readonly forced: boolean;
                            readonly matchId?: string;
                            readonly quality: number;
                            readonly queueId: string;
                            readonly region?: string;
                            readonly teams: readonly {
                                /** @description The team's name in a queue of named teams */
                                readonly name?: string;
                                readonly playerIds: readonly string[];
                                readonly ticketIds: readonly string[];
                            }[];
                            /** @description Each ticket’s wait when the match formed: the instant its quality was judged (before any acceptance step), as its wait-time criterion reads it */
                            readonly waitMsByTicket: {
                                readonly [key: string]: number;
                            };
                            readonly winProbabilities: readonly number[];
                        }[];
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getQueueInsights: {
        readonly parameters: {
            readonly query?: {
                /** @description Minutes of matches-per-minute history, 1 to 60 (default 30) */
                readonly minutes?: number;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description Epoch milliseconds */
                        readonly atMs: number;
                        readonly queues: readonly {
                            readonly matchesFormed: number;
                            readonly matchesPerMinute: readonly {
                                /** @description Epoch milliseconds */
                                readonly atMs: number;
                                readonly matches: number;
                            }[];
                            readonly mode: string;
                            readonly name?: string;
                            readonly playersWaiting: number;
                            readonly quality: components["schemas"]["Histogram"];
                            readonly queueId: string;
                            readonly recentQualityMean?: number;
                            /** @example 2×5 */
                            readonly teams: string;
                            readonly ticketsWaiting: number;
                            readonly waiting: readonly {
                                /** @description Epoch milliseconds */
                                readonly atMs: number;
                                readonly players: number;
                                readonly tickets: number;
                            }[];
                            /** @description Milliseconds */
                            readonly waitP50Ms?: number;
                            /** @description Milliseconds */
                            readonly waitP90Ms?: number;
                            /** @description Why a sample of the waiting tickets has not matched yet */
                            readonly waitReasons: readonly {
                                readonly example: string;
                                readonly summary: string;
                                readonly tickets: number;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getRatingDistributions: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly tracks: readonly {
                            /** @description Hidden until calibrated: not binned, not on leaderboards */
                            readonly calibrating: number;
                            readonly display: components["schemas"]["Histogram"];
                            readonly players: number;
                            readonly rated: number;
                            readonly track: string;
                        }[];
                    };
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly fitModel: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example churn */
                readonly name: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description churn: no match within this long after a match = churned (default 8 hours) */
                    readonly churnWindowMs?: number;
                    /** @description Only matches created at or after (epoch ms) */
                    readonly fromMs?: number;
                    /**
                     * @description party: Dota's party bonus (party-adjusted MMR); churn: EOMM's churn model
                     * @enum {string}
                     */
                    readonly kind: "party" | "churn";
                    /** @description churn: only these queues’ matches (default: every queue) */
                    readonly queues?: readonly string[];
                    /** @description churn: deals the cross-validation folds */
                    readonly seed?: number;
                    /** @description Only matches created before (epoch ms) */
                    readonly toMs?: number;
                    /** @description party: only matches on this track */
                    readonly track?: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description Epoch milliseconds */
                        readonly fittedAtMs: number;
                        /** @enum {string} */
                        readonly kind: "party-bonus" | "churn-model";
                        /** @description Matches (labelled rows) the fit used */
                        readonly matches: number;
                        /** @description The model as stored (coefficients, or the churn regression) */
                        readonly model: {
                            readonly [key: string]: unknown;
                        };
                        readonly name: string;
                        /** @description Counts up per name; every node uses the newest */
                        readonly version: number;
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly recalibratePlayer: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * @description A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track
                     * @example quick/solo
                     */
                    readonly track?: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly playerId: string;
                        readonly tracks: readonly string[];
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly putQueue: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example quick-2v2 */
                readonly queueId: string;
            };
            readonly cookie?: never;
        };
        /** @description A queue config (docs/queues.md); the engine validates its meaning */
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "id": "quick-2v2",
                 *       "teams": {
                 *         "count": 2,
                 *         "size": 2
                 *       },
                 *       "rating": {
                 *         "track": "quick"
                 *       },
                 *       "criteria": [
                 *         {
                 *           "kind": "team-balance",
                 *           "weight": 1
                 *         }
                 *       ],
                 *       "threshold": {
                 *         "start": 0.5,
                 *         "linear": {
                 *           "perSecond": 0.05,
                 *           "limit": 0
                 *         }
                 *       },
                 *       "mode": {
                 *         "kind": "continuous",
                 *         "maxWaitMs": 30000
                 *       }
                 *     }
                 */
                readonly "application/json": components["schemas"]["QueueConfig"];
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["QueueView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly applySeasonReset: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "track": "quick/solo",
                 *       "policy": {
                 *         "anchor": 25,
                 *         "shape": {
                 *           "kind": "linear",
                 *           "keep": 0.5
                 *         }
                 *       },
                 *       "limit": 10
                 *     }
                 */
                readonly "application/json": {
                    /** @description Preview: rows shown */
                    readonly limit?: number;
                    /** @description Missing: the track's policy's declared `seasonReset` */
                    readonly policy?: {
                        /** @description The rating everyone moves towards */
                        readonly anchor: number;
                        readonly deviationAfter?: number;
                        readonly shape: {
                            readonly keep: number;
                            /** @enum {string} */
                            readonly kind: "linear";
                        } | {
                            /** @enum {string} */
                            readonly kind: "log";
                            readonly scale: number;
                        };
                    };
                    /**
                     * @description A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track
                     * @example quick/solo
                     */
                    readonly track: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly players: number;
                        readonly track: string;
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly previewSeasonReset: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "track": "quick/solo",
                 *       "policy": {
                 *         "anchor": 25,
                 *         "shape": {
                 *           "kind": "linear",
                 *           "keep": 0.5
                 *         }
                 *       },
                 *       "limit": 10
                 *     }
                 */
                readonly "application/json": {
                    /** @description Preview: rows shown */
                    readonly limit?: number;
                    /** @description Missing: the track's policy's declared `seasonReset` */
                    readonly policy?: {
                        /** @description The rating everyone moves towards */
                        readonly anchor: number;
                        readonly deviationAfter?: number;
                        readonly shape: {
                            readonly keep: number;
                            /** @enum {string} */
                            readonly kind: "linear";
                        } | {
                            /** @enum {string} */
                            readonly kind: "log";
                            readonly scale: number;
                        };
                    };
                    /**
                     * @description A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track
                     * @example quick/solo
                     */
                    readonly track: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly players: number;
                        readonly sample: readonly {
                            readonly after: {
                                readonly display?: number;
                                readonly mean: number;
                            };
                            readonly before: {
                                readonly display?: number;
                                readonly mean: number;
                            };
                            readonly playerId: string;
                        }[];
                        readonly track: string;
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getTrackLeaderboard: {
        readonly parameters: {
            readonly query?: {
                /** @description Centre the page on this player */
                readonly around?: string;
                /** @description 1 to 200, default 20 */
                readonly limit?: number;
                /** @description Rows to skip */
                readonly offset?: number;
            };
            readonly header?: never;
            readonly path: {
                /**
                 * @description A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track
                 * @example quick
                 */
                readonly group: string;
                /**
                 * @description A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track
                 * @example solo
                 */
                readonly kind: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Players still calibrating are not ranked (their rating is hidden until calibrated) */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "track": "quick/solo",
                     *       "scope": "all",
                     *       "rows": [
                     *         {
                     *           "rank": 1,
                     *           "playerId": "cai",
                     *           "display": 1540,
                     *           "games": 12
                     *         }
                     *       ]
                     *     }
                     */
                    readonly "application/json": components["schemas"]["Leaderboard"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getLeaderboard: {
        readonly parameters: {
            readonly query?: {
                /** @description Centre the page on this player */
                readonly around?: string;
                /** @description 1 to 200, default 20 */
                readonly limit?: number;
                /** @description Rows to skip */
                readonly offset?: number;
            };
            readonly header?: never;
            readonly path: {
                /**
                 * @description A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track
                 * @example quick/solo
                 */
                readonly track: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Players still calibrating are not ranked (their rating is hidden until calibrated) */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "track": "quick/solo",
                     *       "scope": "all",
                     *       "rows": [
                     *         {
                     *           "rank": 1,
                     *           "playerId": "cai",
                     *           "display": 1540,
                     *           "games": 12
                     *         }
                     *       ]
                     *     }
                     */
                    readonly "application/json": components["schemas"]["Leaderboard"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getMatch: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matchId": "m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11",
                     *       "queueId": "quick-2v2",
                     *       "createdAtMs": 1764000000000,
                     *       "teams": [
                     *         [
                     *           {
                     *             "playerId": "ana",
                     *             "ticketId": "t_a",
                     *             "track": "quick/party"
                     *           },
                     *           {
                     *             "playerId": "ben",
                     *             "ticketId": "t_a",
                     *             "track": "quick/party"
                     *           }
                     *         ],
                     *         [
                     *           {
                     *             "playerId": "cai",
                     *             "ticketId": "t_c",
                     *             "track": "quick/solo"
                     *           },
                     *           {
                     *             "playerId": "dan",
                     *             "ticketId": "t_d",
                     *             "track": "quick/solo"
                     *           }
                     *         ]
                     *       ],
                     *       "quality": 0.93
                     *     }
                     */
                    readonly "application/json": components["schemas"]["MatchRecord"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly setAssignment: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "connection": {
                 *         "host": "10.0.4.17",
                 *         "port": 7777
                 *       }
                 *     }
                 */
                readonly "application/json": {
                    readonly connection: components["schemas"]["Connection"];
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["MatchHandoff"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly requestBackfill: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "players": [
                 *         "ana",
                 *         "ben",
                 *         "cy",
                 *         "dee",
                 *         "eve",
                 *         "fay",
                 *         "gus",
                 *         "hal"
                 *       ]
                 *     }
                 */
                readonly "application/json": {
                    /** @description The players still in the match; every other seat of it is open */
                    readonly players: readonly string[];
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["BackfillView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly cancelBackfill: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["BackfillView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getMatchHandoff: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["MatchHandoff"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly reportLeave: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "playerIds": [
                 *         "ana"
                 *       ]
                 *     }
                 */
                readonly "application/json": {
                    /** @description Players who left the match */
                    readonly playerIds: readonly string[];
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["LeaveReply"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly reportResult: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example m_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11 */
                readonly matchId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description Team sports: the index of the home team */
                    readonly homeTeam?: number;
                    /** @description Team sports: played at a neutral site (no home advantage) */
                    readonly neutral?: boolean;
                    /** @description Per team, per player: the share of the match played (missing = 1). A result's per-player lists (participation, performance) follow the match's roster at its end: per team, the players in it at the end, in the order of the hand-off record's `teams[].playerIds` */
                    readonly participation?: readonly (readonly number[])[];
                    /** @description Per team, per player: a number the game defines for how well the player played (e.g. a score); moves ratings on tracks whose policy has `performance` */
                    readonly performance?: readonly (readonly number[])[];
                    /** @description Per team: 1 = first; ties allowed */
                    readonly ranks: readonly number[];
                    /** @description Per team */
                    readonly scores?: readonly number[];
                    /** @description Team sports: the season, for regression between seasons */
                    readonly season?: string;
                };
            };
        };
        readonly responses: {
            /** @description The same report again: nothing changed */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description false: the same report again; the first outcome is returned */
                        readonly applied: boolean;
                        readonly outcome: components["schemas"]["MatchOutcome"];
                    };
                };
            };
            /** @description Applied */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description false: the same report again; the first outcome is returned */
                        readonly applied: boolean;
                        readonly outcome: components["schemas"]["MatchOutcome"];
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getPlayer: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getFriends: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "friends": [
                     *         "ben",
                     *         "cai"
                     *       ]
                     *     }
                     */
                    readonly "application/json": components["schemas"]["FriendsList"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly putFriends: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "friends": [
                 *         "ben",
                 *         "cai"
                 *       ]
                 *     }
                 */
                readonly "application/json": components["schemas"]["FriendsList"];
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "friends": [
                     *         "ben",
                     *         "cai"
                     *       ]
                     *     }
                     */
                    readonly "application/json": components["schemas"]["FriendsList"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly addFriend: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example ben */
                readonly friendId: string;
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "friends": [
                     *         "ben",
                     *         "cai"
                     *       ]
                     *     }
                     */
                    readonly "application/json": components["schemas"]["FriendsList"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly removeFriend: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example ben */
                readonly friendId: string;
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "friends": [
                     *         "ben",
                     *         "cai"
                     *       ]
                     *     }
                     */
                    readonly "application/json": components["schemas"]["FriendsList"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getPlayerMatches: {
        readonly parameters: {
            readonly query?: {
                /** @description Only matches formed before this epoch ms (paging) */
                readonly beforeMs?: number;
                /** @description 1 to 100, default 20 */
                readonly limit?: number;
            };
            readonly header?: never;
            readonly path: {
                /** @example ana */
                readonly playerId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["MatchRecord"][];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly listQueues: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly queues: readonly components["schemas"]["QueueView"][];
                    };
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getQueue: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example quick-2v2 */
                readonly queueId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["QueueView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly createTicket: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "queueId": "quick-2v2",
                 *       "players": [
                 *         {
                 *           "playerId": "ana"
                 *         },
                 *         {
                 *           "playerId": "ben"
                 *         }
                 *       ],
                 *       "pingMsByRegion": {
                 *         "eu": 25
                 *       },
                 *       "languages": [
                 *         "en"
                 *       ]
                 *     }
                 */
                readonly "application/json": components["schemas"]["TicketRequest"];
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ticketId": "t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
                     *       "queueId": "quick-2v2",
                     *       "playerIds": [
                     *         "ana",
                     *         "ben"
                     *       ],
                     *       "track": "quick/party",
                     *       "state": "searching",
                     *       "createdAtMs": 1764000000000,
                     *       "waitMs": 2074,
                     *       "eta": {
                     *         "kind": "unknown"
                     *       },
                     *       "explanation": {
                     *         "thresholdNow": 0.39,
                     *         "summary": "no candidate match yet: not enough compatible tickets are waiting"
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["TicketView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly getTicket: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed */
                readonly ticketId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ticketId": "t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
                     *       "queueId": "quick-2v2",
                     *       "playerIds": [
                     *         "ana",
                     *         "ben"
                     *       ],
                     *       "track": "quick/party",
                     *       "state": "searching",
                     *       "createdAtMs": 1764000000000,
                     *       "waitMs": 2074,
                     *       "eta": {
                     *         "kind": "unknown"
                     *       },
                     *       "explanation": {
                     *         "thresholdNow": 0.39,
                     *         "summary": "no candidate match yet: not enough compatible tickets are waiting"
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["TicketView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly cancelTicket: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed */
                readonly ticketId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ticketId": "t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
                     *       "queueId": "quick-2v2",
                     *       "playerIds": [
                     *         "ana",
                     *         "ben"
                     *       ],
                     *       "track": "quick/party",
                     *       "state": "searching",
                     *       "createdAtMs": 1764000000000,
                     *       "waitMs": 2074,
                     *       "eta": {
                     *         "kind": "unknown"
                     *       },
                     *       "explanation": {
                     *         "thresholdNow": 0.39,
                     *         "summary": "no candidate match yet: not enough compatible tickets are waiting"
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["TicketView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly acceptMatch: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed */
                readonly ticketId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "playerId": "ana"
                 *     }
                 */
                readonly "application/json": {
                    readonly playerId: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ticketId": "t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
                     *       "queueId": "quick-2v2",
                     *       "playerIds": [
                     *         "ana",
                     *         "ben"
                     *       ],
                     *       "track": "quick/party",
                     *       "state": "searching",
                     *       "createdAtMs": 1764000000000,
                     *       "waitMs": 2074,
                     *       "eta": {
                     *         "kind": "unknown"
                     *       },
                     *       "explanation": {
                     *         "thresholdNow": 0.39,
                     *         "summary": "no candidate match yet: not enough compatible tickets are waiting"
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["TicketView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly declineMatch: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @example t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed */
                readonly ticketId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "playerId": "ana"
                 *     }
                 */
                readonly "application/json": {
                    readonly playerId: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ticketId": "t_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
                     *       "queueId": "quick-2v2",
                     *       "playerIds": [
                     *         "ana",
                     *         "ben"
                     *       ],
                     *       "track": "quick/party",
                     *       "state": "searching",
                     *       "createdAtMs": 1764000000000,
                     *       "waitMs": 2074,
                     *       "eta": {
                     *         "kind": "unknown"
                     *       },
                     *       "explanation": {
                     *         "thresholdNow": 0.39,
                     *         "summary": "no candidate match yet: not enough compatible tickets are waiting"
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["TicketView"];
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such ticket, match, player, queue or route */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_TICKET_NOT_FOUND",
                     *         "message": "no ticket t_5f0c2a9e",
                     *         "details": {
                     *           "ticketId": "t_5f0c2a9e"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (duplicate, already queued, result conflict) */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RESULT_CONFLICT",
                     *         "message": "match m_81d2 already has a different result",
                     *         "details": {
                     *           "matchId": "m_81d2"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readonly issueToken: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "playerId": "ana"
                 *     }
                 */
                readonly "application/json": {
                    readonly playerId: string;
                    readonly ttlSeconds?: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @description Epoch seconds */
                        readonly expiresAtSeconds: number;
                        readonly playerId: string;
                        /** @description Use as `Authorization: Bearer <token>` */
                        readonly token: string;
                    };
                };
            };
            /** @description Invalid request: malformed JSON, a field out of bounds, an unknown field */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_INVALID_REQUEST",
                     *         "message": "body.players: must NOT have fewer than 1 items",
                     *         "details": {
                     *           "path": "body.players"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No credential, or an unknown, expired or malformed one */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAUTHORIZED",
                     *         "message": "missing credentials: send Authorization: Bearer <key or token>",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential’s role may not do this */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_FORBIDDEN",
                     *         "message": "this operation needs a admin credential",
                     *         "details": {
                     *           "role": "admin"
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (details.retryAfterMs) */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_RATE_LIMITED",
                     *         "message": "rate limit of 60000 per minute exceeded",
                     *         "details": {
                     *           "retryAfterMs": 41250
                     *         }
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "MM_ERR_UNAVAILABLE",
                     *         "message": "matchmaker worker is restarting",
                     *         "details": {}
                     *       }
                     *     }
                     */
                    readonly "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
