// The oEmbed answers and pages (web/build/oembed.mjs) and the captions as data
// (web/build/html-tree.mjs), in node. The browser side is tests/browser/hosts.test.mjs (item 7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  demoPage,
  oembedAnswers,
  OEMBED_WIDTH,
  siteLink,
  siteUrlFrom,
  withEmbedHeights,
} from '../../web/build/oembed.mjs';
import { htmlToTree, decodeEntities } from '../../web/build/html-tree.mjs';

const meta = { kicker: 'Chapter 04 · Fixed-size state', title: 'Linear attention' };
const captions = {
  ledger: { label: 'Figure 4.1', title: 'The running ledger' },
  memory: { label: 'Figure 4.2', title: 'Memory at "decode" time' },
};
const demos = [
  { name: 'ledger', embedHeight: 1400 },
  { name: 'memory', embedHeight: 1200 },
];
const heights = { ledger: 2622, memory: 1774 };

test('SITE_URL: absolute http(s) folder addresses only, with a final slash', () => {
  assert.equal(siteUrlFrom(undefined), null);
  assert.equal(siteUrlFrom(''), null);
  assert.equal(siteUrlFrom('https://courses.example.edu/linattn'), 'https://courses.example.edu/linattn/');
  assert.equal(siteUrlFrom('http://127.0.0.1:8080/'), 'http://127.0.0.1:8080/');
  assert.throws(() => siteUrlFrom('courses.example.edu/linattn/'), /absolute http\(s\) address/);
  assert.throws(() => siteUrlFrom('ftp://example.edu/'), /https:\/\/ or http:\/\//);
  assert.throws(() => siteUrlFrom('javascript:alert(1)'), /https:\/\/ or http:\/\//);
  assert.throws(() => siteUrlFrom('https://example.edu/x/?a=1'), /without \?query or #hash/);
  assert.equal(siteLink(null, 'oembed.json'), './oembed.json');
  assert.equal(siteLink('https://a.example/l/', 'oembed.json'), 'https://a.example/l/oembed.json');
});

test('answers without SITE_URL: relative links; width and height match the html', () => {
  const files = oembedAnswers({ meta, captions, demos, heights });
  assert.deepEqual(Object.keys(files), ['oembed.json', 'oembed-ledger.json', 'oembed-memory.json']);
  const memory = files['oembed-memory.json'];
  assert.equal(memory.width, OEMBED_WIDTH);
  assert.equal(memory.height, 1774);
  assert.equal(memory.provider_url, './index.html');
  assert.match(memory.html, /^<iframe src="\.\/embed\.html\?demo=memory" /);
  assert.match(memory.html, / width="720" height="1774" /);
  assert.match(memory.html, /title="Figure 4\.2: Memory at &quot;decode&quot; time"/);
  assert.equal(files['oembed.json'].height, 2622, "the chapter's answer is its first figure");
});

test('answers and pages with SITE_URL: absolute links everywhere', () => {
  const site = siteUrlFrom('https://courses.example.edu/linattn');
  const files = oembedAnswers({ meta, captions, demos, heights, siteUrl: site });
  for (const body of Object.values(files)) {
    assert.equal(body.provider_url, 'https://courses.example.edu/linattn/index.html');
    assert.match(body.html, /src="https:\/\/courses\.example\.edu\/linattn\/embed\.html\?demo=/);
  }
  const embed = '<!doctype html>\n<html lang="en">\n<head>\n<title>x</title>\n</head><body></body></html>';
  const page = demoPage(embed, 'memory', { siteUrl: site, title: 'Figure 4.2' });
  assert.match(page, /<html lang="en" data-demo="memory">/);
  assert.match(
    page,
    /<link rel="alternate" type="application\/json\+oembed" href="https:\/\/courses\.example\.edu\/linattn\/oembed-memory\.json" title="oEmbed: Figure 4\.2">/,
  );
  // A page that already has a link gets it replaced, not doubled.
  const again = demoPage(page, 'memory');
  assert.equal(again.match(/application\/json\+oembed/g).length, 1);
  assert.match(again, /href="\.\/oembed-memory\.json"/);
});

test('captions as data: elements, attributes, entities and MathML, nothing lost', () => {
  const html =
    '<span class="fig-label">Figure 4.1</span> <strong>The ledger.</strong> Sum &amp; read ' +
    '<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>S</mi><mo>=</mo><mn>2</mn></mrow>' +
    '<annotation encoding="application/x-tex">S = 2</annotation></semantics></math> &#x2212;1<br>';
  assert.deepEqual(htmlToTree(html), [
    ['span', { class: 'fig-label' }, 'Figure 4.1'],
    ' ',
    ['strong', {}, 'The ledger.'],
    ' Sum & read ',
    [
      'math',
      { xmlns: 'http://www.w3.org/1998/Math/MathML' },
      [
        'semantics',
        {},
        ['mrow', {}, ['mi', {}, 'S'], ['mo', {}, '='], ['mn', {}, '2']],
        ['annotation', { encoding: 'application/x-tex' }, 'S = 2'],
      ],
    ],
    ' \u22121',
    ['br', {}],
  ]);
  assert.equal(decodeEntities('&lt;b&gt; &quot;x&quot; &#39;'), '<b> "x" \'');
  assert.throws(() => htmlToTree('<em>open'), /never closed/);
  assert.throws(() => htmlToTree('<em>a</strong>'), /closes <em>/);
  assert.throws(() => decodeEntities('&bogus;'), /unknown entity/);
});

test('the iframe code keeps what the hosting guide asks for; the chapter carries the measured heights for its Embed control', () => {
  const { html } = oembedAnswers({ meta, captions, demos, heights })['oembed-ledger.json'];
  assert.equal(
    html,
    '<iframe src="./embed.html?demo=ledger" title="Figure 4.1: The running ledger" width="720" height="2622" ' +
      'style="border:0;width:100%;max-width:720px" loading="lazy" allow="clipboard-write"></iframe>',
  );
  const page = '<html><head><title>Ch</title>\n</head></html>';
  const once = withEmbedHeights(page, heights);
  assert.match(
    once,
    /<title>Ch<\/title>\n<meta name="linattn-embed-heights" content="\{&quot;ledger&quot;:2622,&quot;memory&quot;:1774\}">/,
  );
  const twice = withEmbedHeights(once, { ledger: 1 });
  assert.equal(twice.match(/linattn-embed-heights/g).length, 1, 'written once, replaced on a rebuild');
  assert.match(twice, /content="\{&quot;ledger&quot;:1\}"/);
});
