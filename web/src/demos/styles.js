// Every figure's stylesheet, for a page that shows them all (the chapter): imported by the page's
// entry, so they arrive in its own stylesheet, parsed before the first paint, and not one by one
// after the load with each figure's code (web/src/hosts/chapter/print.js loads that code right
// after the load event). Arriving late, each sheet was a task of parsing, then a restyle of the
// page: on a phone's main thread (4x slowed) some 150 ms of blocking time that Lighthouse's mobile
// run counted. Each demo's index.js imports the same files, for pages that load one figure (the
// embed page); the bundler keeps one copy, in the entry's stylesheet here.
import '../styles/figure.css';
import './ledger/ledger.css';
import './memory/memory.css';
import './overcapacity/overcapacity.css';
import './spotlight/spotlight.css';
