const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be compared with a uuid column without a cast error. */
export const isUuid = (value: string): boolean => UUID.test(value);
