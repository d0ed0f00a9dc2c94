/**
 * How deeply `value` nests arrays and objects (a scalar is 0, `[]` and `{}` are 1), counted
 * without recursion and stopping as soon as `limit` is passed, so a body nested thousands of
 * levels deep is measured in constant stack before any recursive validator sees it.
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const inner of Object.values(item)) {
      if (inner !== null && typeof inner === 'object') stack.push([inner, depth + 1]);
    }
  }
  return false;
}
