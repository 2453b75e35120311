// The demo skeleton (web/src/lib/demo-kit/): the store applies actions one at a time, the work
// starts, streams, keeps and stops what requests(state) names, and the view draws once per frame
// with the latest state, never while paused.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../../web/src/lib/demo-kit/store.js';
import { createWork } from '../../web/src/lib/demo-kit/work.js';
import { createViewLoop } from '../../web/src/lib/demo-kit/view-loop.js';
import { createDemo } from '../../web/src/lib/demo-kit/demo.js';

const nextFrame = () => new Promise((r) => setTimeout(r, 40));

test('the store: a pure reducer, actions dispatched inside a listener wait their turn', () => {
  const reduce = (s, a) => (a.type === 'add' ? { n: s.n + a.by } : s);
  const store = createStore(reduce, { n: 0 });
  const seen = [];
  store.subscribe((next, prev, action) => {
    seen.push([prev.n, next.n, action.by]);
    if (next.n === 1) store.dispatch({ type: 'add', by: 10 });
  });
  store.dispatch({ type: 'add', by: 1 });
  store.dispatch({ type: 'nothing' });
  assert.deepEqual(seen, [
    [0, 1, 1],
    [1, 11, 10],
  ]);
  assert.equal(store.get().n, 11);
});

test('the work: a page call answers at once, a pool call streams, and one no longer asked for stops', () => {
  const answers = [];
  const streams = new Map();
  const work = createWork({
    executors: {
      page: (r, emit) => emit(r.args * 2),
      pool: (r, emit) => {
        streams.set(r.key, emit);
        return () => streams.delete(r.key);
      },
    },
    onAnswer: (key, held) => answers.push([key, held.value, held.done]),
  });
  work.want([
    { key: 'a', on: 'page', call: 'double', args: 2 },
    { key: 'b', on: 'pool', call: 'sweep' },
  ]);
  assert.deepEqual(work.get('a'), { value: 4, done: true });
  assert.ok(work.busy('b'));
  streams.get('b')([1], false);
  assert.deepEqual(work.get('b'), { value: [1], done: false });
  work.want([{ key: 'a', on: 'page', call: 'double', args: 2 }]);
  assert.ok(!streams.has('b'), 'stopped');
  assert.equal(work.get('b'), undefined, 'a stream cut short is no answer');
  assert.deepEqual(answers, [
    ['a', 4, true],
    ['b', [1], false],
  ]);
  work.want([{ key: 'a', on: 'page', call: 'double', args: 2 }]);
  assert.equal(answers.length, 2, 'an answer held is not asked for again');
});

test('the work: a failure is held as an error, finished answers beyond `keep` are forgotten', () => {
  const work = createWork({
    keep: 1,
    executors: { page: (r, emit, fail) => (r.args < 0 ? fail(new Error('negative')) : emit(r.args)) },
    onAnswer: () => {},
  });
  work.want([{ key: 'x', on: 'page', call: 'id', args: -1 }]);
  assert.equal(work.get('x').error.message, 'negative');
  for (const k of [1, 2, 3]) work.want([{ key: `k${k}`, on: 'page', call: 'id', args: k }]);
  assert.equal(work.get('k1'), undefined);
  assert.deepEqual(work.get('k2'), { value: 2, done: true });
  assert.deepEqual(work.get('k3'), { value: 3, done: true });
  assert.throws(() => work.want([{ key: 'z', on: 'gpu', call: 'id' }]), /no executor "gpu"/);
});

test('the view loop: one draw per frame, none while paused, the change drawn on resume', async () => {
  let draws = 0;
  const loop = createViewLoop(() => draws++);
  loop.schedule();
  loop.schedule();
  await nextFrame();
  assert.equal(draws, 1);
  loop.pause();
  loop.schedule();
  await nextFrame();
  assert.equal(draws, 1);
  loop.resume();
  await nextFrame();
  assert.equal(draws, 2);
  loop.schedule();
  loop.flush();
  assert.equal(draws, 3);
  loop.destroy();
});

test('a demo: controls dispatch, answers come back as actions, the view sees state and answers', async () => {
  const drawn = [];
  const demo = createDemo({
    initial: { x: 1, y: null },
    reduce: (s, a) => {
      if (a.type === 'set') return { ...s, x: a.x };
      if (a.type === 'answer' && a.key === `sq:${s.x}`) return { ...s, y: a.value };
      return s;
    },
    requests: (s) => [{ key: `sq:${s.x}`, on: 'page', call: 'square', args: s.x }],
    executors: { page: (r, emit) => emit(r.args * r.args) },
    view: (s, answers) => drawn.push([s.x, s.y, answers.get(`sq:${s.x}`)?.value]),
  });
  assert.equal(demo.getState().y, 1);
  demo.dispatch({ type: 'set', x: 3 });
  assert.equal(demo.getState().y, 9, 'a page-thread answer is in the state when dispatch returns');
  await nextFrame();
  assert.deepEqual(drawn, [[3, 9, 9]], 'one frame, the latest state');
  demo.destroy();
});
