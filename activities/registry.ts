// The worker registers activities by name, and a workflow calls them by name. Spreading the groups into
// one object would let a later group's activity silently replace an earlier one of the same name; the
// registry refuses that at start instead.

type Merged<T extends readonly object[]> = T extends readonly [infer Head, ...infer Rest extends readonly object[]]
  ? Head & Merged<Rest>
  : unknown;

/** The groups as one object of activities; throws when two groups define an activity of the same name. */
export function activityRegistry<T extends ReadonlyArray<Record<string, unknown>>>(...groups: T): Merged<T> {
  const registry: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [name, activity] of Object.entries(group)) {
      if (Object.hasOwn(registry, name))
        throw new Error(`two activities are named "${name}": each activity needs a name of its own`);
      registry[name] = activity;
    }
  }
  return registry as Merged<T>;
}
