#!/usr/bin/env node
// Screenshots for review:  npm run shots   (node scripts/shots.mjs [--out build/shots] [--readme])
// Builds dist/ when it is missing, serves it, and writes into build/shots/:
//   <figure>-<width>-<theme>.png   every demo of web/src/demos/registry.js alone (embed.html?demo=…),
//                                  the whole page, at 390, 768 and 1280 CSS px wide, light and dark
//   chapter-<theme>.pdf            the chapter printed (A4, as a headless print; the dark reader's
//                                  paper should be ink on white too)
//   index.html                     a contact sheet: each figure by width and theme, and the PDFs
// With --readme, also the README's picture: docs/images/overcapacity-1280-light.png (README_PICTURE).
// Not part of npm test: a reviewer's tool (tests/tools/shots.test.mjs checks the plan and the sheet).
// Playwright drives Debian's Chromium headless with a fresh profile (tests/browser/harness.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_NAMES } from '../web/src/demos/registry.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The widths a figure is shot at, with the window height a reader would have there. */
export const WIDTHS = [
  { width: 390, height: 844 }, // a phone
  { width: 768, height: 1024 }, // a tablet, portrait
  { width: 1280, height: 800 }, // a laptop
];
export const THEMES = ['light', 'dark'];

/**
 * Every file a run writes, in contact-sheet order: for each figure (`figures`, the registry's names),
 * each theme and width, { kind: 'figure', figure, width, height, theme, file, path } (path: the page
 * to open, relative to the served dist/); then { kind: 'pdf', theme, file, path } for the chapter.
 */
export function planShots(figures = DEMO_NAMES) {
  const shots = [];
  for (const figure of figures) {
    for (const theme of THEMES) {
      for (const { width, height } of WIDTHS) {
        const path = `embed.html?demo=${encodeURIComponent(figure)}`;
        shots.push({ kind: 'figure', figure, width, height, theme, file: `${figure}-${width}-${theme}.png`, path });
      }
    }
  }
  for (const theme of THEMES) shots.push({ kind: 'pdf', theme, file: `chapter-${theme}.pdf`, path: 'index.html' });
  return shots;
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** One figure's table: a row per width, a column per theme, each cell its picture (a link to it). */
function figureTable(figure, shots) {
  const cell = (s) =>
    s
      ? `<td><a href="${escapeHtml(s.file)}"><img src="${escapeHtml(s.file)}" alt="${escapeHtml(`${figure} at ${s.width} px, ${s.theme}`)}" loading="lazy"></a></td>`
      : '<td>(not shot)</td>';
  const rows = WIDTHS.map(({ width }) => {
    const at = (theme) => shots.find((s) => s.figure === figure && s.width === width && s.theme === theme);
    return `<tr><th scope="row">${width} px</th>${THEMES.map((t) => cell(at(t))).join('')}</tr>`;
  });
  return [
    `<h2 id="${escapeHtml(figure)}">${escapeHtml(figure)}</h2>`,
    `<table><thead><tr><th>width</th>${THEMES.map((t) => `<th scope="col">${t}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table>`,
  ].join('\n');
}

/** The contact sheet (index.html) for the files `shots` (planShots' entries) that were written. */
export function contactSheet(shots, { when = new Date().toISOString() } = {}) {
  const figures = [...new Set(shots.filter((s) => s.kind === 'figure').map((s) => s.figure))];
  const pdfs = shots.filter((s) => s.kind === 'pdf');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Figures, for review</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem 2rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #bbb; padding: 4px; vertical-align: top; }
td img { width: 320px; max-height: 720px; object-fit: cover; object-position: top; display: block; }
</style>
</head>
<body>
<h1>Figures, for review</h1>
<p>Written by <code>npm run shots</code> at ${escapeHtml(when)}: every figure alone (embed.html) at
${WIDTHS.map((w) => `${w.width}`).join(', ')} px wide, light and dark; the chapter printed. Each picture shows its
top; open it for the whole figure.</p>
<nav><ul>${figures.map((f) => `<li><a href="#${escapeHtml(f)}">${escapeHtml(f)}</a></li>`).join('')}</ul></nav>
${figures.map((f) => figureTable(f, shots)).join('\n')}
<h2>The chapter on paper</h2>
<ul>${pdfs.map((p) => `<li><a href="${escapeHtml(p.file)}">${escapeHtml(p.file)}</a> (printed with the reader's theme ${p.theme})</li>`).join('')}</ul>
</body>
</html>
`;
}

/** Waits until the figure on `page` is mounted, done streaming, its fonts loaded and drawn. */
async function figureDone(page, { settled, streamed }) {
  await page.waitForSelector('.linattn-mount[data-status="ready"]', { timeout: 120000 });
  await streamed(page);
  await page.evaluate(() => document.fonts.ready);
  await settled(page);
}

/** Shoots one figure's planned pictures in one page: a theme at a time, resized between widths. */
async function shootFigure(browser, base, out, shots, kit) {
  const page = await browser.newPage();
  try {
    await page.setViewportSize({ width: shots[0].width, height: shots[0].height });
    await page.goto(`${base}${shots[0].path}`);
    for (const s of shots) {
      await page.emulateMedia({ colorScheme: s.theme });
      await page.setViewportSize({ width: s.width, height: s.height });
      await figureDone(page, kit);
      await page.screenshot({ path: join(out, s.file), fullPage: true });
    }
  } finally {
    await page.close();
  }
}

/** Prints the chapter (A4) once every figure on it is mounted. */
async function printChapter(browser, base, out, shot) {
  const page = await browser.newPage();
  try {
    await page.emulateMedia({ colorScheme: shot.theme });
    await page.goto(`${base}${shot.path}`);
    await page.waitForFunction(
      () => [...document.querySelectorAll('.demo-mount')].every((m) => m.dataset.status === 'ready'),
      null,
      { timeout: 120000 },
    );
    await page.evaluate(() => document.fonts.ready);
    await page.pdf({ path: join(out, shot.file), format: 'A4', printBackground: true });
  } finally {
    await page.close();
  }
}

/** The README's picture: the overcapacity figure at 1280 px, light, from its top to its curve's legend. */
export const README_PICTURE = { figure: 'overcapacity', width: 1280, height: 800, theme: 'light' };

/** Writes the README's picture (docs/images/<figure>-<width>-<theme>.png) and returns its path. */
async function writeReadmePicture(browser, base, kit) {
  const { figure, width, height, theme } = README_PICTURE;
  const file = join(ROOT, 'docs', 'images', `${figure}-${width}-${theme}.png`);
  const page = await browser.newPage();
  try {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height });
    await page.goto(`${base}embed.html?demo=${figure}&caption=none`);
    await figureDone(page, kit);
    // From the figure's top to the end of the list that follows its first plot (the legend).
    const clip = await page.evaluate(() => {
      const fig = document.querySelector('.linattn-figure').getBoundingClientRect();
      const plot = [...document.querySelectorAll('.linattn-figure svg')].find((s) => s.clientHeight > 150);
      const legend = plot?.closest('div')?.nextElementSibling ?? plot;
      const bottom = (legend ?? plot).getBoundingClientRect().bottom;
      return { x: fig.left, y: fig.top + scrollY, width: fig.width, height: bottom - fig.top + 8 };
    });
    await mkdir(join(ROOT, 'docs', 'images'), { recursive: true });
    await page.screenshot({ path: file, clip, fullPage: true });
  } finally {
    await page.close();
  }
  return file;
}

/** Builds dist/ (npm run build) when it is not there. */
function ensureBuilt() {
  if (existsSync(join(ROOT, 'dist', 'embed.html'))) return;
  console.log('shots: dist/ is missing; building it (npm run build)');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('shots: the build failed');
}

/** Writes every planned shot and the contact sheet into `out`; returns the shots written. */
export async function writeShots(out = join(ROOT, 'build', 'shots'), { readme = false } = {}) {
  ensureBuilt();
  const kit = await import('../tests/browser/harness.mjs');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const plan = planShots();
  const server = await kit.serve(join(ROOT, 'dist'));
  const base = server.url.endsWith('/') ? server.url : `${server.url}/`;
  const browser = await kit.launch();
  try {
    for (const figure of DEMO_NAMES) {
      const started = Date.now();
      await shootFigure(
        browser,
        base,
        out,
        plan.filter((s) => s.figure === figure),
        kit,
      );
      console.log(`shots: ${figure}, ${WIDTHS.length * THEMES.length} pictures (${Date.now() - started} ms)`);
    }
    if (readme) console.log(`shots: ${await writeReadmePicture(browser, base, kit)} (the README's picture)`);
    for (const shot of plan.filter((s) => s.kind === 'pdf')) {
      await printChapter(browser, base, out, shot);
      console.log(`shots: ${shot.file}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  await writeFile(join(out, 'index.html'), contactSheet(plan));
  console.log(`shots: ${plan.length} files and the contact sheet in ${out}/index.html`);
  return plan;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--out');
  await writeShots(at > 0 ? resolve(process.argv[at + 1]) : undefined, { readme: process.argv.includes('--readme') });
}
