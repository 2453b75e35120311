// The chapter's Markdown extensions that mark up what CommonMark already parses (markdown.mjs
// assembles them): heading ids and classes, paragraph classes, verdict lines, list item ids,
// links to other chapters and links that leave the site.

// ---- heading attributes: "## Title {#id .class}" ---------------------------------------------

export function headingAttrsPlugin(md) {
  md.core.ruler.push('heading_attrs', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const m = /\s*\{([^}]*)\}\s*$/.exec(inline.content);
      if (!m) continue;
      for (const part of m[1].trim().split(/\s+/)) {
        if (part.startsWith('#')) tokens[i].attrSet('id', part.slice(1));
        else if (part.startsWith('.')) tokens[i].attrJoin('class', part.slice(1));
      }
      inline.content = inline.content.slice(0, m.index);
      const last = inline.children[inline.children.length - 1];
      if (last?.type === 'text') last.content = last.content.replace(/\s*\{[^}]*\}\s*$/, '');
      // "4.1 Title": the section number gets its own span for styling.
      const firstText = inline.children[0];
      const num = firstText?.type === 'text' ? /^(\d+(?:\.\d+)*)\s+/.exec(firstText.content) : null;
      if (num) {
        firstText.content = firstText.content.slice(num[0].length);
        const span = new state.Token('html_inline', '', 0);
        span.content = `<span class="secnum">${num[1]}</span> `;
        inline.children.unshift(span);
      }
      state.env.headings?.push({ level: tokens[i].tag, id: tokens[i].attrGet('id'), text: inline.content });
    }
  });
}

// ---- paragraph classes: a last line "{.lede}" -------------------------------------------------

export function paragraphClassPlugin(md) {
  md.core.ruler.push('paragraph_class', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'paragraph_open') continue;
      const inline = tokens[i + 1];
      const m = /\n\{((?:\.[\w-]+\s*)+)\}\s*$/.exec(inline.content);
      if (!m) continue;
      for (const c of m[1].trim().split(/\s+/)) tokens[i].attrJoin('class', c.slice(1));
      inline.content = inline.content.slice(0, m.index);
      // Drop the trailing softbreak + "{.x}" text tokens.
      const kids = inline.children;
      while (
        kids.length &&
        (kids[kids.length - 1].type === 'softbreak' || /^\{(\.[\w-]+\s*)+\}\s*$/.test(kids[kids.length - 1].content))
      ) {
        const t = kids.pop();
        if (t.type === 'softbreak') break;
      }
    }
  });
}

// ---- ✓ / ✗ at the start of a table cell get their colour (the symbol and words carry the meaning)

export function verdictPlugin(md) {
  md.core.ruler.push('verdicts', (state) => {
    for (const t of state.tokens) {
      if (t.type !== 'inline' || !t.children?.length) continue;
      const first = t.children[0];
      const m = first.type === 'text' ? /^([✓✗])\s*/.exec(first.content) : null;
      if (!m) continue;
      first.content = first.content.slice(m[0].length);
      const span = new state.Token('html_inline', '', 0);
      span.content = `<span class="${m[1] === '✓' ? 'verdict-good' : 'verdict-bad'}">${m[1]}</span> `;
      t.children.unshift(span);
    }
  });
}

// ---- list item ids: "1. {#ref-x} Citation…" ---------------------------------------------------

export function listItemIdPlugin(md) {
  md.core.ruler.push('list_item_ids', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'list_item_open') continue;
      const inline = tokens[i + 2];
      if (inline?.type !== 'inline') continue;
      const m = /^\{#([\w-]+)\}\s*/.exec(inline.content);
      if (!m) continue;
      tokens[i].attrSet('id', m[1]);
      inline.content = inline.content.slice(m[0].length);
      const first = inline.children[0];
      if (first?.type === 'text') first.content = first.content.replace(/^\{#[\w-]+\}\s*/, '');
    }
  });
}

// ---- chapter:NN links ------------------------------------------------------------------------

export function chapterLinkPlugin(md, chapterLinks) {
  const defaultOpen = md.renderer.rules.link_open ?? ((t, i, o, _e, self) => self.renderToken(t, i, o));
  const defaultClose = md.renderer.rules.link_close ?? ((t, i, o, _e, self) => self.renderToken(t, i, o));
  md.validateLink = (
    (orig) => (url) =>
      url.startsWith('chapter:') || orig(url)
  )(md.validateLink);
  md.core.ruler.push('chapter_links', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline') continue;
      const stack = [];
      for (const t of block.children) {
        if (t.type === 'link_open') {
          const href = t.attrGet('href') ?? '';
          if (href.startsWith('chapter:')) {
            const key = href.slice('chapter:'.length);
            const url = chapterLinks[key];
            state.env.chapterRefs.push({ key, linked: Boolean(url) });
            if (url) {
              t.attrSet('href', url);
              t.attrJoin('class', 'chapter-link');
              t.meta = { ...t.meta, chapter: true };
            } else t.meta = { ...t.meta, plain: key };
          }
          stack.push(t);
        } else if (t.type === 'link_close') {
          t.meta = { ...t.meta, pair: stack.pop() };
        }
      }
    }
  });
  md.renderer.rules.link_open = (tokens, idx, o, e, self) => {
    const t = tokens[idx];
    if (t.meta?.plain) return `<span class="chapter-ref" data-chapter="${md.utils.escapeHtml(t.meta.plain)}">`;
    return defaultOpen(tokens, idx, o, e, self);
  };
  md.renderer.rules.link_close = (tokens, idx, o, e, self) => {
    if (tokens[idx].meta?.pair?.meta?.plain) return '</span>';
    return defaultClose(tokens, idx, o, e, self);
  };
}

// External links (http/https) get rel="noopener"; they are navigations, never fetches.
export function externalLinkPlugin(md) {
  md.core.ruler.push('external_links', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline') continue;
      for (const t of block.children) {
        if (t.type === 'link_open' && /^https?:/.test(t.attrGet('href') ?? '')) t.attrSet('rel', 'noopener');
      }
    }
  });
}
