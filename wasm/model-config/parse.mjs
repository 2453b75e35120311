// config.json text -> a plain object. Python's json module writes NaN, Infinity and -Infinity,
// which JSON lacks (Nemotron-H's time_step_limit holds Infinity): outside strings they become
// NonFinite markers, so a field the reader does not use stays harmless while one that sizes the
// memory is refused by name (fields.mjs), never taken as absent.

import { configError, NonFinite } from './fields.mjs';

const MAX_TEXT = 8 * 1024 * 1024; // characters of config text
const MARK = '\u0000nonfinite:'; // no config string holds a NUL

// The text with each bare NaN / Infinity / -Infinity (outside strings) as a marked string, or null
// when it has none.
function markNonFinite(text) {
  let out = '';
  let changed = false;
  const open = []; // the containers the scan is inside: '{' or '['
  let last = ''; // the last character outside strings that is not white space
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      last = '"';
      continue;
    }
    // A value position: after ':' in an object, or after '[' or ',' in a list (never a key).
    const atValue = last === ':' || ((last === '[' || last === ',') && open.at(-1) === '[');
    const m = atValue ? /^(-?Infinity|NaN)(?![\w$])/.exec(text.slice(i, i + 10)) : null;
    if (m) {
      out += JSON.stringify(MARK + m[0]);
      i += m[0].length - 1;
      last = '"';
      changed = true;
      continue;
    }
    if (c === '{' || c === '[') open.push(c);
    else if (c === '}' || c === ']') open.pop();
    if (!/\s/.test(c)) last = c;
    out += c;
  }
  return changed ? out : null;
}

const revive = (_key, v) => (typeof v === 'string' && v.startsWith(MARK) ? new NonFinite(v.slice(MARK.length)) : v);

/** The config as an object (text parsed, or the object given); notes say what the parser did. */
export function parseConfig(config, notes) {
  if (typeof config === 'string') {
    // A byte-order mark (as some editors save a file) is not part of the JSON text.
    if (config.charCodeAt(0) === 0xfeff) return parseConfig(config.slice(1), notes);
    if (config.length > MAX_TEXT) {
      throw configError(
        RangeError,
        'config',
        `config text is too long (${config.length.toLocaleString('en-US')} characters)`,
      );
    }
    let parsed;
    try {
      parsed = JSON.parse(config);
    } catch (e) {
      const marked = markNonFinite(config);
      try {
        if (marked === null) throw e;
        parsed = JSON.parse(marked, revive);
        notes.push('The text has NaN or Infinity (as Python writes them): allowed only in fields not used here.');
      } catch {
        throw configError(TypeError, 'config', `config is not valid JSON (${e.message})`);
      }
    }
    return parseConfig(parsed, notes);
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw configError(
      TypeError,
      'config',
      'config must be a JSON object (the text of a config.json) or a parsed object',
    );
  }
  return config;
}
