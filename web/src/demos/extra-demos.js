// Demos added to a build from outside web/src (none in production builds). When the build runs
// with LINATTN_EXTRA_DEMOS=path/to/demo.js, web/build/plugins.mjs puts that module in this file's
// place; it default-exports a list of registry entries (see registry.js). The browser test's toy
// demo comes in this way: tests/browser/fixtures/toy-demo/.
export default [];
