// Renders content/chapter.md to the article's HTML at build time.
//
// Authoring syntax (beyond CommonMark + GFM tables), all readable as plain text:
//   $x$  and  $$ … $$ (own lines)         TeX, rendered here by KaTeX (HTML + MathML, no browser JS)
//   \sym{S}{S_t} inside TeX               a linked symbol: the HTML gets data-sym="S", the
//                                         MathML is unchanged; names: web/src/hosts/chapter/linked/symbols.js
//   [anchor text]^[note text]             a margin note attached to its anchor
//   [ch. 03](chapter:03)                  a link to another chapter; becomes a link only when the
//                                         build is given a URL for it (CHAPTER_LINKS), else plain text
//   ::: figure ledger                     a demo figure: an empty mount for web/src/demos/ledger/
//   Caption text, Markdown allowed.        and its caption
//   :::
//   ::: quote Songlin Yang, …             a quotation with its credit line
//   …
//   :::
//   {#id .class} at the end of a heading  sets its id (and classes)
import MarkdownIt from 'markdown-it';
import katex from 'katex';
import { DEMO_NAMES } from '../src/demos/registry.js';
import { SYMBOLS } from '../src/hosts/chapter/linked/symbols.js';
import {
  chapterLinkPlugin,
  externalLinkPlugin,
  headingAttrsPlugin,
  listItemIdPlugin,
  paragraphClassPlugin,
  verdictPlugin,
} from './markdown-attrs.mjs';

/** Returns a markdown-it instance with the chapter's extensions. `ctx` collects what the build
 *  reports: equations, notes, figures, chapter references. */
function createRenderer({ chapterLinks = {}, demoNames = DEMO_NAMES } = {}) {
  const md = new MarkdownIt({ html: false, typographer: true, linkify: false });
  md.use(mathPlugin)
    .use(sidenotePlugin)
    .use(containerPlugin, new Set(demoNames))
    .use(headingAttrsPlugin)
    .use(listItemIdPlugin)
    .use(paragraphClassPlugin)
    .use(verdictPlugin)
    .use(chapterLinkPlugin, chapterLinks)
    .use(externalLinkPlugin);
  // Tables scroll inside their own box on narrow screens, never the page.
  md.renderer.rules.table_open = () => '<div class="table-wrap">\n<table>\n';
  md.renderer.rules.table_close = () => '</table>\n</div>\n';
  return md;
}

/** Renders `source`; returns { html, stats }. Throws on any TeX error (the build must fail). */
export function renderChapter(source, options = {}) {
  const md = createRenderer(options);
  const env = { equations: 0, displayEquations: 0, notes: 0, figures: [], chapterRefs: [], headings: [] };
  const html = md.render(source, env);
  return { html, env };
}

// ---- math ----------------------------------------------------------------------------------

// Linked symbols: \sym{name}{tex} is \htmlData{sym=name}{tex}. KaTeX trusts that one command with
// that one attribute and a name from the symbol table, nothing else (no \href, \url, \htmlId,
// \htmlStyle, no other data-*); a name not in the table fails the build. Only the HTML copy carries
// the attribute: the MathML that assistive technology reads stays as it was.
const MACROS = { '\\sym': '\\htmlData{sym=#1}{#2}' };

/** KaTeX's `trust` hook: only \htmlData with exactly data-sym set to a known symbol. */
export function trustLinkedSymbols(context) {
  // Refused commands throw: KaTeX would otherwise print them in red and the build would go on.
  if (context.command !== '\\htmlData') throw new Error(`${context.command} is not allowed in the chapter's TeX`);
  const keys = Object.keys(context.attributes ?? {});
  if (keys.length !== 1 || keys[0] !== 'data-sym')
    throw new Error('\\htmlData may only set sym (use \\sym{name}{tex})');
  const name = context.attributes['data-sym'];
  if (!Object.hasOwn(SYMBOLS, name))
    throw new Error(`unknown linked symbol "${name}" (web/src/hosts/chapter/linked/symbols.js)`);
  return true;
}

// Strict mode stays on; only the HTML extension that \sym needs is allowed.
const strict = (code) => (code === 'htmlExtension' ? 'ignore' : 'error');

function renderTex(tex, displayMode) {
  const html = katex.renderToString(tex, {
    displayMode,
    output: 'htmlAndMathml',
    throwOnError: true,
    strict,
    trust: trustLinkedSymbols,
    macros: { ...MACROS },
  });
  // The TeX annotation in the MathML (what "copy as TeX" gives) reads {S_t} rather than \sym{S}{S_t}.
  return html.replace(
    /(<annotation encoding="application\/x-tex">)([\s\S]*?)(<\/annotation>)/,
    (_, open, source, close) => open + source.replace(/\\sym\{[\w-]+\}/g, '') + close,
  );
}

function mathPlugin(md) {
  // Inline $…$: opening $ not followed by a space, closing $ not preceded by one nor followed by
  // a digit (so "costs $5 and $6" stays text).
  md.inline.ruler.after('escape', 'math_inline', (state, silent) => {
    const src = state.src;
    const start = state.pos;
    if (src[start] !== '$' || src[start + 1] === '$') return false;
    if (/\s/.test(src[start + 1] ?? ' ')) return false;
    let end = start + 1;
    while (end < state.posMax) {
      if (src[end] === '\\') {
        end += 2;
        continue;
      }
      if (src[end] === '$') break;
      end++;
    }
    if (end >= state.posMax || /\s/.test(src[end - 1]) || /\d/.test(src[end + 1] ?? '')) return false;
    if (!silent) {
      const token = state.push('math_inline', 'math', 0);
      token.content = src.slice(start + 1, end);
    }
    state.pos = end + 1;
    return true;
  });

  // Display $$ … $$ on lines of their own.
  md.block.ruler.before('fence', 'math_block', (state, startLine, endLine, silent) => {
    const lineText = (l) => state.src.slice(state.bMarks[l] + state.tShift[l], state.eMarks[l]);
    const first = lineText(startLine);
    if (!first.startsWith('$$')) return false;
    if (silent) return true;
    let content;
    let next = startLine;
    const rest = first.slice(2);
    if (rest.trimEnd().endsWith('$$') && rest.trim().length > 2) {
      content = rest.trimEnd().slice(0, -2);
    } else {
      const lines = [rest];
      for (next = startLine + 1; next < endLine; next++) {
        const t = lineText(next);
        if (t.trimEnd().endsWith('$$')) {
          lines.push(t.trimEnd().slice(0, -2));
          break;
        }
        lines.push(t);
      }
      if (next >= endLine) throw new Error(`unclosed $$ starting on line ${startLine + 1}`);
      content = lines.join('\n');
    }
    const token = state.push('math_block', 'math', 0);
    token.block = true;
    token.content = content.trim();
    token.map = [startLine, next + 1];
    state.line = next + 1;
    return true;
  });

  md.renderer.rules.math_inline = (tokens, idx, _o, env) => {
    env.equations = (env.equations ?? 0) + 1;
    return renderTex(tokens[idx].content, false);
  };
  md.renderer.rules.math_block = (tokens, idx, _o, env) => {
    env.equations = (env.equations ?? 0) + 1;
    env.displayEquations = (env.displayEquations ?? 0) + 1;
    return `<div class="equation">${renderTex(tokens[idx].content, true)}</div>\n`;
  };
}

// ---- margin notes: [anchor]^[note] ----------------------------------------------------------

function sidenotePlugin(md) {
  md.inline.ruler.before('link', 'sidenote', (state, silent) => {
    if (state.src[state.pos] !== '[') return false;
    const anchorEnd = state.md.helpers.parseLinkLabel(state, state.pos, false);
    if (anchorEnd < 0 || state.src.slice(anchorEnd + 1, anchorEnd + 3) !== '^[') return false;
    const noteStart = anchorEnd + 2;
    const noteEnd = state.md.helpers.parseLinkLabel(state, noteStart, false);
    if (noteEnd < 0) return false;
    if (silent) {
      state.pos = noteEnd + 1;
      return true;
    }
    const env = state.env;
    env.notes = (env.notes ?? 0) + 1;
    const n = env.notes;
    const oldMax = state.posMax;
    const push = (type, attrs) => {
      const t = state.push(type, '', 0);
      t.meta = { n, ...attrs };
    };
    // Punctuation right after the note goes with the anchor: an opened note is a block on narrow
    // screens, and "keys[note]. Computed" would start a line with its full stop.
    const trailing = /^[.,;:!?]+/.exec(state.src.slice(noteEnd + 1, oldMax))?.[0] ?? '';
    push('sidenote_anchor_open');
    state.pos = state.pos + 1;
    state.posMax = anchorEnd;
    state.md.inline.tokenize(state);
    if (trailing) state.push('text', '', 0).content = trailing;
    push('sidenote_anchor_close');
    push('sidenote_open');
    state.pos = noteStart + 1;
    state.posMax = noteEnd;
    state.md.inline.tokenize(state);
    push('sidenote_close');
    state.pos = noteEnd + 1 + trailing.length;
    state.posMax = oldMax;
    return true;
  });
  // Markup: the anchor ends with a superscript number (wide screens) and a toggle button (narrow
  // screens); the note follows as a span (phrasing content, so it may sit inside <p> and <li>).
  // CSS floats it into the gutter; web/src/hosts/chapter/sidenotes.js wires the toggle.
  const r = md.renderer.rules;
  r.sidenote_anchor_open = (t, i) => `<span class="sn-anchor" id="sn-anchor-${t[i].meta.n}">`;
  r.sidenote_anchor_close = (t, i) => {
    const n = t[i].meta.n;
    return (
      `<sup class="sn-ref" aria-hidden="true">${n}</sup>` +
      `<button type="button" class="sn-toggle" aria-expanded="false" aria-controls="sn-${n}"` +
      ` aria-label="Margin note ${n}">${n}</button></span>`
    );
  };
  r.sidenote_open = (t, i) => {
    const n = t[i].meta.n;
    return (
      `<span class="sidenote" id="sn-${n}" role="note" aria-label="Margin note ${n}">` +
      `<span class="sn-num" aria-hidden="true">${n}</span> `
    );
  };
  r.sidenote_close = () => '</span>';
}

// ---- ::: containers: figure, quote ------------------------------------------------------------

// Figure names are the demos of web/src/demos/registry.js (or `demoNames`, for test builds).
function containerPlugin(md, demoNames) {
  md.block.ruler.before('fence', 'container', (state, startLine, endLine, silent) => {
    const lineAt = (l) => state.src.slice(state.bMarks[l] + state.tShift[l], state.eMarks[l]);
    const open = /^:::\s+(figure|quote|references|footer)\s*(.*)$/.exec(lineAt(startLine));
    if (!open) return false;
    if (silent) return true;
    let close = startLine + 1;
    while (close < endLine && lineAt(close).trim() !== ':::') close++;
    if (close >= endLine) throw new Error(`unclosed ::: ${open[1]} starting on line ${startLine + 1}`);
    const [, kind, arg] = open;
    const body = state.src.slice(state.bMarks[startLine + 1], state.bMarks[close]);
    if (kind === 'figure') {
      const name = arg.trim();
      if (!demoNames.has(name)) throw new Error(`unknown demo "${name}" on line ${startLine + 1}`);
      const t = state.push('demo_figure', 'figure', 0);
      t.meta = { name };
      t.content = body.trim();
      t.map = [startLine, close + 1];
    } else {
      const t = state.push(`${kind}_open`, 'div', 1);
      t.meta = { arg: arg.trim() };
      const oldParent = state.parentType;
      const oldMax = state.lineMax;
      state.parentType = 'container';
      state.lineMax = close;
      state.md.block.tokenize(state, startLine + 1, close);
      state.parentType = oldParent;
      state.lineMax = oldMax;
      const c = state.push(`${kind}_close`, 'div', -1);
      c.meta = { arg: arg.trim() };
    }
    state.line = close + 1;
    return true;
  });
  md.renderer.rules.demo_figure = (tokens, idx, _options, env) => {
    const { name } = tokens[idx].meta;
    env.figures.push(name);
    const n = env.figures.length;
    const caption = md.renderInline(tokens[idx].content, env);
    return (
      `<figure class="demo-figure" id="figure-${name}" aria-labelledby="figure-${name}-caption">\n` +
      `<div class="demo-mount" data-demo="${name}"></div>\n` +
      `<noscript><p class="demo-noscript">This interactive figure needs JavaScript.</p></noscript>\n` +
      `<figcaption id="figure-${name}-caption"><span class="fig-label">Figure 4.${n}</span> ${caption}</figcaption>\n` +
      `</figure>\n`
    );
  };
  md.renderer.rules.quote_open = () => '<figure class="pull-quote">\n<blockquote>\n';
  md.renderer.rules.quote_close = (tokens, idx, _options, env) =>
    `</blockquote>\n<figcaption class="quote-credit">— ${md.renderInline(tokens[idx].meta.arg, env)}</figcaption>\n</figure>\n`;
  md.renderer.rules.references_open = () =>
    '<section class="references" id="references" aria-labelledby="references-title">\n';
  md.renderer.rules.references_close = () => '</section>\n';
  md.renderer.rules.footer_open = () => '<footer class="article-footer">\n';
  md.renderer.rules.footer_close = () => '</footer>\n';
}
