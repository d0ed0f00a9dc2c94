/** A confirmation that outlives one navigation (e.g. "Product created." on the new product's page). */
let pending: string | undefined;

export const flash = (message: string) => {
  pending = message;
};

/** The waiting confirmation, once. */
export const takeFlash = (): string | undefined => {
  const message = pending;
  pending = undefined;
  return message;
};
