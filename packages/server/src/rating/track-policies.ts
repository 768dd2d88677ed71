/**
 * Which rating system rates a track. A queue's config names it (`rating.policy`: a name or an
 * inline declaration); else the service config's `tracks` maps the queue's track to a policy name;
 * else the deployment's default (`ratingModel`, `calibrationGames`, `ratingTerms`). Names resolve
 * to the service config's `ratingPolicies`, then to the presets (policy-presets.ts).
 * All inputs are plain JSON (`TrackPoliciesData`), so the matchmaker's worker thread resolves a
 * queue's model exactly as the API thread does. Systems are built once per declaration.
 */
import { type ErrorCode, ErrorCodes, MatchdError, type QueueConfig } from '@matchd/engine';
import { checkPolicyDeclaration, type RatingPolicyDeclaration } from './policy-declaration.ts';
import { policyPresets } from './policy-presets.ts';
import { type RatingSystem, systemOf } from './rating-system.ts';

/** The JSON a registry is made of. */
export interface TrackPoliciesData {
  /** The default's declaration. */
  readonly fallback: RatingPolicyDeclaration;
  /** The deployment's named policies (checked); the presets are added to them. */
  readonly named?: Readonly<Record<string, RatingPolicyDeclaration>>;
  /** Track name (a queue's `rating.track`, or a full `<track>/solo` key) -> policy name. */
  readonly tracks?: Readonly<Record<string, string>>;
}

/** Resolves rating systems for queues and tracks. */
export interface TrackPolicies {
  readonly data: TrackPoliciesData;
  /** The default system (tracks no queue or config names). */
  readonly fallback: RatingSystem;
  /** The system of a queue's track; throws MM_ERR_INVALID_QUEUE_CONFIG for a bad `rating.policy`. */
  ofQueue(config: QueueConfig): RatingSystem;
  /** The system of a stored track (`<track>/solo`), from the queues that rate it or the config. */
  ofTrack(track: string, queues: Iterable<QueueConfig>): RatingSystem;
  /** The names a queue may use. */
  names(): string[];
}

/** The tracks a queue's tickets are rated on: `<track>/solo` and `<track>/party`, or the one given. */
export function queueTracks(config: QueueConfig): string[] {
  const track = config.rating.track;
  return track.includes('/') ? [track] : [`${track}/solo`, `${track}/party`];
}

/** Checks the config's named policies and track map; throws MM_ERR_INVALID_OPTION naming the path. */
export function checkPoliciesConfig(
  named: unknown,
  tracks: unknown,
): Pick<TrackPoliciesData, 'named' | 'tracks'> {
  const invalid = (path: string, message: string) =>
    new MatchdError(ErrorCodes.INVALID_OPTION, `config ${path}: ${message}`, { path });
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const out: { named?: Record<string, RatingPolicyDeclaration>; tracks?: Record<string, string> } = {};
  if (named !== undefined) {
    if (!isObject(named)) throw invalid('ratingPolicies', 'must be an object of name -> policy');
    out.named = {};
    for (const [name, declaration] of Object.entries(named as Record<string, unknown>)) {
      out.named[name] = checkPolicyDeclaration(
        declaration,
        `ratingPolicies.${name}`,
        ErrorCodes.INVALID_OPTION,
      );
    }
  }
  if (tracks !== undefined) {
    if (!isObject(tracks)) throw invalid('tracks', 'must be an object of track -> policy name');
    out.tracks = {};
    for (const [track, name] of Object.entries(tracks as Record<string, unknown>)) {
      if (
        typeof name !== 'string' ||
        !(Object.hasOwn(out.named ?? {}, name) || Object.hasOwn(policyPresets, name))
      ) {
        throw invalid(
          `tracks.${track}`,
          `names no policy (known: ${Object.keys({ ...policyPresets, ...out.named }).join(', ')})`,
        );
      }
      out.tracks[track] = name;
    }
  }
  return out;
}

/** A registry over checked data. */
export function createTrackPolicies(data: TrackPoliciesData): TrackPolicies {
  const named: Record<string, RatingPolicyDeclaration> = { ...policyPresets, ...data.named };
  const built = new Map<string, RatingSystem>();
  const build = (declaration: RatingPolicyDeclaration): RatingSystem => {
    const key = JSON.stringify(declaration);
    let system = built.get(key);
    if (system === undefined) {
      system = systemOf(declaration);
      built.set(key, system);
    }
    return system;
  };
  const fallback = build(data.fallback);
  // A queue's inline declaration is checked once per config object (every ticket asks).
  const inline = new WeakMap<object, RatingSystem>();
  const byName = (name: string, path: string, code: ErrorCode): RatingSystem => {
    const declaration = named[name];
    if (declaration === undefined || !Object.hasOwn(named, name)) {
      throw new MatchdError(
        code,
        `${path}: unknown rating policy ${name} (known: ${Object.keys(named).join(', ')})`,
        {
          path,
        },
      );
    }
    return build(declaration);
  };
  const ofConfigTrack = (track: string): RatingSystem | undefined => {
    const base = track.split('/')[0] as string;
    const name = data.tracks?.[track] ?? data.tracks?.[base];
    return name === undefined ? undefined : byName(name, `tracks.${track}`, ErrorCodes.INVALID_OPTION);
  };
  const policies: TrackPolicies = {
    data,
    fallback,
    ofQueue(config) {
      const reference = config.rating.policy;
      if (typeof reference === 'string')
        return byName(reference, 'rating.policy', ErrorCodes.INVALID_QUEUE_CONFIG);
      if (reference !== undefined) {
        let system = inline.get(reference);
        if (system === undefined) {
          system = build(checkPolicyDeclaration(reference, 'rating.policy', ErrorCodes.INVALID_QUEUE_CONFIG));
          inline.set(reference, system);
        }
        return system;
      }
      return ofConfigTrack(config.rating.track) ?? fallback;
    },
    ofTrack(track, queues) {
      for (const config of queues) {
        if (queueTracks(config).includes(track)) return policies.ofQueue(config);
      }
      return ofConfigTrack(track) ?? fallback;
    },
    names: () => Object.keys(named),
  };
  return policies;
}
