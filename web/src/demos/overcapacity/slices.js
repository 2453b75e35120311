// Long tables (up to 1,024 rows) are built and refreshed a slice of rows per task, so that numbers
// arriving while the reader drags or reads never hold the main thread for long. Each slicer runs one
// job at a time: starting a new one (or cancel()) drops what is left of the old one.
export const ROWS_PER_TASK = 128;

export function createSlicer(perTask = ROWS_PER_TASK) {
  let token = 0;
  return {
    /** Calls work(start, end) for consecutive ranges of 0..count, one range per task (the first
     *  now), then done() unless a newer job or cancel() came first. */
    run(count, work, done = () => {}) {
      const mine = ++token;
      let i = 0;
      const step = () => {
        if (mine !== token) return;
        const end = Math.min(count, i + perTask);
        work(i, end);
        i = end;
        if (i < count) setTimeout(step, 0);
        else done();
      };
      step();
    },
    cancel() {
      token += 1;
    },
  };
}
