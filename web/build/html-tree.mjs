// Build-time HTML (the chapter's rendered captions: markdown output and KaTeX's MathML) as a tree
// of plain data, so that pages can build it with createElement instead of innerHTML (hosts that
// enforce Trusted Types refuse innerHTML of strings). A node is a string (text) or
// [tag, { attribute: value }, ...children]. This reads well-formed markup that our own build
// wrote; it is not a parser for HTML from anywhere else (no comments, scripts or raw text).

const VOID = new Set(['br', 'hr', 'img', 'wbr', 'col', 'input', 'meta', 'link', 'source']);
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes character references (&amp; &#39; &#x2212; …). */
export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, ref) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref.toLowerCase()];
    if (named === undefined) throw new Error(`html-tree: unknown entity ${m}`);
    return named;
  });
}

function parseAttributes(text) {
  const attrs = {};
  const re = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    attrs[m[1]] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** The children of a fragment of build-time HTML, as a list of nodes. */
export function htmlToTree(html) {
  const root = ['#root', {}];
  const stack = [root];
  const re = /<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>|([^<]+)/g;
  let pos = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m.index !== pos) throw new Error(`html-tree: cannot read ${JSON.stringify(html.slice(pos, pos + 40))}`);
    pos = re.lastIndex;
    const top = stack[stack.length - 1];
    if (m[5] !== undefined) {
      top.push(decodeEntities(m[5]));
      continue;
    }
    const tag = m[2];
    if (m[1]) {
      if (top[0] !== tag) throw new Error(`html-tree: </${tag}> closes <${top[0]}>`);
      stack.pop();
      continue;
    }
    const node = [tag, parseAttributes(m[3])];
    top.push(node);
    if (!m[4] && !VOID.has(tag.toLowerCase())) stack.push(node);
  }
  if (pos !== html.length) throw new Error(`html-tree: cannot read ${JSON.stringify(html.slice(pos, pos + 40))}`);
  if (stack.length !== 1) throw new Error(`html-tree: <${stack[stack.length - 1][0]}> is never closed`);
  return root.slice(2);
}
