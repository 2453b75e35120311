// What the Embed panel saves of the spotlight figure (the handle's exportable(); lib/export.js and
// export-sheet.js make the files): the strips as drawn with their key, every setting that changes
// their numbers, and the core's weights per token for each read, one row a token. Formatting only.
import { swatchMark } from '../../lib/plot/legend.js';
import { readName } from './format.js';

/** @param {{ result: any, settings: any }} shown  @param {{ strips: any, legend: Element[] }} figure */
export function exportOf(shown, figure) {
  const { result, settings } = shown;
  const columns = ['token', 'target', ...result.reads.map((r) => `${readName(r.map, settings)} weight`)];
  const rows = Array.from({ length: result.n }, (_, j) => [
    j,
    j === result.target ? 1 : 0,
    ...result.reads.map((r) => r.weights[j]),
  ]);
  const legend = figure.legend.slice(0, 2).map((li) => ({ label: li.textContent, mark: swatchMark(li) }));
  return {
    name: [
      'spotlight',
      `n-${result.n}`,
      `cos-${settings.cosine}`,
      `beta-${settings.beta}`,
      `m-${settings.features}`,
      `d-${result.d}`,
    ].join('-'),
    svg: figure.strips.svg,
    legend,
    settings: [
      ['tokens N', result.n],
      ['other keys\u2019 cosine to the target', settings.cosine],
      ['softmax sharpness \u03b2', settings.beta],
      ['random features m', settings.features],
      ['key size d', result.d],
      ['query noise', settings.noise],
      ['seed', settings.seed],
      ['target position', result.target],
      ['number format', settings.dtype],
    ],
    rows: { columns, rows },
    readerRow: null,
  };
}
