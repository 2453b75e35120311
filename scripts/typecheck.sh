#!/usr/bin/env bash
# `npm run typecheck`: TypeScript over the page's JavaScript and the JS API (tsconfig.json: checkJs,
# JSDoc types, nothing emitted). The generated loaders build/wasm/linattn.mjs,
# linattn-spotlight.mjs and linattn-ledger.mjs are not ours to check: their declaration (wasm/linattn-module.d.mts, the same
# shape for both) is put beside each, where TypeScript reads it instead.
# The build (web/build/) has its own tsconfig.json: node's types there, the browser's here.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/wasm
cp wasm/linattn-module.d.mts build/wasm/linattn.d.mts
cp wasm/linattn-module.d.mts build/wasm/linattn-spotlight.d.mts
cp wasm/linattn-module.d.mts build/wasm/linattn-ledger.d.mts
npx --no-install tsc -p tsconfig.json
npx --no-install tsc -p web/build/tsconfig.json
