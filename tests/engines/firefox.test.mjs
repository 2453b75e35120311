// The chapter in Firefox (Gecko): Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core.
// The shared checks of suite.mjs, a printed PDF, and the two defects found in Firefox (issue 46).
//   node --test tests/engines/firefox.test.mjs      (npm run build first)
import { defineEngineSuite } from './suite.mjs';

defineEngineSuite('firefox');
