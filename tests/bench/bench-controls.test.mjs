// The benchmark's drag targets read every control of a demo ("while a reader drags any
// control of any demo"): worstControl() in tests/bench/page-metrics.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { worstControl } from './page-metrics.mjs';

const drag = (cpuP95, frameP95, maxTask, firstUpdate = 3) => ({
  cpuPerUpdate: { p95: cpuP95 },
  update: { p95: frameP95 },
  longestTaskMs: maxTask,
  firstUpdate,
});

test('each target reads the control that cost the most, and names it', () => {
  const d = {
    ...drag(6, 12, 20),
    control: 'the N slider',
    controls: { 'the N slider': drag(6, 12, 20, 40), β: drag(9.5, 10, 30), 'the gate': drag(7, 18, 70) },
  };
  assert.deepEqual(worstControl(d), {
    cpuP95: 9.5,
    cpuBy: 'β',
    frameP95: 18,
    frameBy: 'the gate',
    maxTask: 70,
    taskBy: 'the gate',
    firstFrame: 40,
    firstBy: 'the N slider',
  });
});

test('a control that could not be measured fails its demo instead of being left out', () => {
  const d = { ...drag(6, 12, 20), controls: { 'the N slider': drag(6, 12, 20), β: { error: 'Timeout' } } };
  assert.deepEqual(worstControl(d), { error: 'β: Timeout' });
  assert.deepEqual(worstControl({ error: 'no page' }), { error: 'no page' });
});

test('a demo measured without its controls (embed.html) reads its main drag', () => {
  assert.equal(worstControl({ ...drag(5, 9, 11), control: 'key 1' }).cpuBy, 'key 1');
});
