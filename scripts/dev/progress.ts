/** Start-up progress on the terminal: one line when a step begins, one when it is done. */
export type Progress = {
  /**
   * Starts a step (`note` says what it is doing); the returned function marks it done,
   * with an optional detail of the result.
   */
  step(label: string, note?: string): (detail?: string) => void;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function createProgress(write: (line: string) => void = console.log): Progress {
  return {
    step(label, note) {
      const started = Date.now();
      write(`  … ${label}${note ? `: ${note}` : ''}`);
      let done = false;
      return (detail) => {
        if (done) return;
        done = true;
        write(`  ✓ ${label}${detail ? `: ${detail}` : ''} (${seconds(Date.now() - started)})`);
      };
    },
  };
}
