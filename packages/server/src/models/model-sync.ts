/**
 * Brings a node's fitted models in step with the shared store, and publishes a new one: a model
 * taken (here or from another node's fit) goes to the matchmaker host first, then every queue naming
 * it is put again, so its matchmaker is rebuilt on the new version (waiting tickets carry over).
 */
import type { ServiceContext } from '../service/context.ts';
import { modelJson } from './model-catalog.ts';
import type { ModelFile } from './model-files.ts';

/** The queues whose config names the model (party adjustment or churn model). */
function queuesNaming(context: ServiceContext, name: string): string[] {
  const named: string[] = [];
  for (const config of context.queues.values())
    if (config.rating.partyAdjustment === name || config.engagement?.churnModel === name)
      named.push(config.id);
  return named;
}

async function take(context: ServiceContext, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const model = context.models.get(name) as ModelFile;
    await context.host.putModel(name, context.models.versionOf(name), model);
    for (const queueId of queuesNaming(context, name)) context.queueChanged(queueId);
  }
}

/** Loads the store's newer model versions into this node (the fleet's poll calls it). */
export async function syncModels(context: ServiceContext): Promise<string[]> {
  const taken = await context.models.sync(context.ratings, (name, error) =>
    context.log.error({ err: error, model: name }, 'stored model refused'),
  );
  await take(context, taken);
  return taken;
}

/** Stores a new version of a model and takes it on this node at once; returns the version. */
export async function publishModel(
  context: ServiceContext,
  name: string,
  model: ModelFile,
): Promise<{ version: number; fittedAtMs: number }> {
  const stored = await context.ratings.putModel({
    name,
    fittedAtMs: model.fittedAtMs,
    model: modelJson(model),
  });
  if (context.models.set(name, stored.version, model)) await take(context, [name]);
  return { version: stored.version, fittedAtMs: stored.fittedAtMs };
}
