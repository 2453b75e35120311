// The doctest runner, natively and under node. Colours off: under node the WebAssembly build
// believes stdout is a terminal, and escape codes would spoil ctest's discovery of test names.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest.h>

int main(int argc, char** argv) {
  doctest::Context context;
  context.setOption("no-colors", true);
  context.applyCommandLine(argc, argv);
  return context.run();
}
