// Reading the CSV files the Embed panel saves, as a data scientist's tools would.
import assert from 'node:assert/strict';

/** Parses CSV as pandas.read_csv(path) does with no arguments (its C parser: one header line,
 *  quoted fields, every line as many fields as the header, or it raises "Error tokenizing data"). */
export function readCsvLikePandas(text) {
  const records = [];
  let field = '';
  let record = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length) records.push([...record, field]);
  const [head, ...rows] = records;
  rows.forEach((r, i) =>
    assert.equal(r.length, head.length, `line ${i + 2}: expected ${head.length} fields, saw ${r.length}`),
  );
  return { head, rows };
}
