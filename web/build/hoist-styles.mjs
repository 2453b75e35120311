// KaTeX writes layout as style="…" attributes (heights, vertical offsets). A strict CSP
// (style-src without 'unsafe-inline') would drop them, so the build moves each distinct style
// into a generated class: <span class="strut" style="height:0.69em;"> becomes
// <span class="strut ks3">, with `.ks3{height:0.69em}` in web/generated/math.css.

/** Returns { html, css, count }: html without style attributes, and the CSS that replaces them. */
export function hoistInlineStyles(html, prefix = 'ks') {
  const classes = new Map(); // style text -> class name
  const out = html.replace(/<([a-zA-Z][\w-]*)(\s[^<>]*?)?>/g, (tag, name, attrs = '') => {
    const m = /\sstyle="([^"]*)"/.exec(attrs);
    if (!m) return tag;
    const style = m[1].trim().replace(/;$/, '');
    let rest = attrs.slice(0, m.index) + attrs.slice(m.index + m[0].length);
    if (!style) return `<${name}${rest}>`;
    if (!classes.has(style)) classes.set(style, `${prefix}${classes.size}`);
    const cls = classes.get(style);
    if (/\sclass="/.test(rest))
      rest = rest.replace(/\sclass="([^"]*)"/, (_, c) => ` class="${c ? `${c} ` : ''}${cls}"`);
    else rest = ` class="${cls}"${rest}`;
    return `<${name}${rest}>`;
  });
  // An inline style beats every stylesheet rule; !important keeps that precedence for the class.
  const css = [...classes].map(([style, cls]) => `.${cls}{${important(decode(style))}}`).join('\n');
  return { html: out, css, count: classes.size };
}

function important(style) {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => `${d} !important`)
    .join(';');
}

function decode(s) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
