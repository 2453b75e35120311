// What the spotlight figure shows for each linked symbol of section 4.3's math
// (web/src/hosts/chapter/linked/): { name: { text, element, elements? } }. The text is the core's
// numbers of the result drawn, formatted; the elements are the readouts the strips label in place
// (render-strips.js marks them with data-symbol). No arithmetic here.
import { formatNumber } from '../../lib/format.js';
import { MAP_NAMES, bytesText } from './format.js';

const each = (result, value) =>
  result.reads.map((r) => `${MAP_NAMES[r.map]} ${r.empty ? 'no read' : value(r)}`).join(', ');

/** @param {{ result: any, settings: any } | null} shown  @param {Element} el the figure */
export function spotlightSymbols(shown, el) {
  if (!shown) return {};
  const { result, settings } = shown;
  const all = (name) => Array.from(el.querySelectorAll(`[data-symbol="${name}"]`));
  const entry = (name, text) => {
    const elements = all(name);
    return { text, element: elements[0] ?? null, elements };
  };
  const linear = result.reads.slice(1);
  return {
    'w-target': entry('w-target', `weight on the target: ${each(result, (r) => formatNumber(r.targetWeight, 2))}`),
    'n-eff': entry(
      'n-eff',
      `tokens read, 1 / \u03a3 w\u2c7c\u00b2: ${each(result, (r) => formatNumber(r.effectiveTokens, 1))}`,
    ),
    F: entry(
      'state-bytes',
      `features F: ${linear.map((r) => `${MAP_NAMES[r.map]} ${r.featureCount}`).join(', ')}; states ${linear.map((r) => bytesText(r.stateBytes)).join(', ')} in ${settings.dtype}`,
    ),
    N: { text: `N = ${result.n} tokens`, element: el.querySelector('[data-part="n-value"]') },
    d: { text: `d = ${result.d}`, element: el.querySelector('[data-part="d"]') },
  };
}
