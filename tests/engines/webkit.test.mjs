// The chapter in WebKit (Safari's engine): Debian's WebKitWebDriver drives MiniBrowser under Xvfb
// (webkit2gtk-driver, xvfb). The shared checks of suite.mjs; WebKitWebDriver has no print command.
//   node --test tests/engines/webkit.test.mjs       (npm run build first)
import { defineEngineSuite } from './suite.mjs';

defineEngineSuite('webkit');
