/** `n` and the noun that goes with it: "1 product", "3 products", "2 paid orders". */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;
