// The work the ledger's state asks for (the demo kit's requests(state)): while an edit is proposed
// and not yet computed, one core call, la.ledgerView (through computeLedger, model.js), for the
// proposed settings. It runs on the page thread: the call takes well under a millisecond, and an
// edit is accepted or refused before the action that made it returns.

/**
 * @param {import('./reducer.js').LedgerState} state
 * @returns {import('../../lib/demo-kit/work.js').Request[]}
 */
export function requests(state) {
  const p = state.pending;
  return p ? [{ key: p.key, on: 'page', call: 'ledgerView', args: p.settings }] : [];
}

export { pageExecutor } from '../../lib/demo-kit/page-executor.js';
