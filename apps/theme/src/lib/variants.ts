export type OptionDef = { _id: string; position: number; values: Array<{ _id: string }> };

/**
 * A variant's key: the chosen value ids joined with a dash, in option order (`position`).
 * Null until every option has a value that belongs to it.
 */
export function variantKey(options: OptionDef[], chosen: Record<string, string>): string | null {
  const ordered = options.slice().sort((a, b) => a.position - b.position);
  const ids: string[] = [];
  for (const option of ordered) {
    const value = chosen[option._id];
    if (!value || !option.values.some((v) => v._id === value)) return null;
    ids.push(value);
  }
  return ids.join('-');
}

/** The pre-selected values from `defaultOptions`, keyed by option id. */
export function defaultChoice(
  defaults: Array<{ _id: string; value: { _id: string } }> | null | undefined,
): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const d of defaults ?? []) chosen[d._id] = d.value._id;
  return chosen;
}
