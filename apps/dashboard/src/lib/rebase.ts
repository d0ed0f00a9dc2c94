/**
 * After a 412, the latest record with the merchant's edits on top: a field they changed since
 * opening keeps what they typed; every other field takes the latest value.
 */
export function rebase<Draft extends object>(opened: Draft, typed: Draft, latest: Draft): Draft {
  const merged = { ...latest };
  for (const key of Object.keys(typed) as (keyof Draft)[]) {
    if (JSON.stringify(typed[key]) !== JSON.stringify(opened[key])) merged[key] = typed[key];
  }
  return merged;
}
