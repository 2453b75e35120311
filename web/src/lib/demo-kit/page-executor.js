// The 'page' executor every demo's work needs: runs the named call at once, on the page thread.
// A call that throws (the core refusing its input) answers with the error, so the reducer can keep
// the last good state and say why beside the control.

/**
 * @param {Record<string, (args: any) => unknown>} calls the calls by name
 * @returns {import('./work.js').Executor}
 */
export function pageExecutor(calls) {
  return (request, emit, fail) => {
    let value;
    try {
      value = calls[request.call](request.args);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    emit(value);
  };
}
