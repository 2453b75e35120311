// The service worker of the served chapter: dist/sw.js = web/src/hosts/chapter/offline/service-worker.js with
// this deployment's manifest in front (the files the chapter needs offline and a version hash of
// their names and bytes). Standalone files, embed.html and oEmbed are not cached: they are for
// other hosts, and the standalone files work without a network anyway.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The files the chapter needs offline, relative to distDir, '/'-separated, sorted. */
export function offlineFiles(distDir) {
  const assets = walk(join(distDir, 'assets')).map((p) => relative(distDir, p).split(sep).join('/'));
  return ['index.html', ...assets.sort()];
}

/** Writes distDir/sw.js; returns { version, files, bytes }. */
export function writeServiceWorker({ webDir, distDir }) {
  const files = offlineFiles(distDir);
  const hash = createHash('sha256');
  let bytes = 0;
  for (const f of files) {
    const body = readFileSync(join(distDir, f));
    bytes += body.length;
    hash.update(`${f}\0${body.length}\0`).update(body);
  }
  const version = hash.digest('hex').slice(0, 16);
  const template = readFileSync(join(webDir, 'src', 'hosts', 'chapter', 'offline', 'service-worker.js'), 'utf8');
  const manifest = `self.__LINATTN_MANIFEST = ${JSON.stringify({ version, files })};\n`;
  writeFileSync(join(distDir, 'sw.js'), manifest + template);
  return { version, files, bytes };
}
