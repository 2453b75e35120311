#include <doctest.h>

#include <cmath>

#include "wire.hpp"

using namespace linattn;
using linattn::wire::from_halves;

TEST_CASE("byte counts arrive as two 32-bit halves: 0 to 2^63 - 1, nothing else") {
  CHECK(from_halves("stateBytes", 0, 0).value == 0);
  CHECK(from_halves("stateBytes", 0, 4294967295.0).value == 4294967295ULL);
  CHECK(from_halves("stateBytes", 1, 0).value == 4294967296ULL);
  CHECK(from_halves("stateBytes", 2147483647.0, 4294967295.0).value == 9223372036854775807ULL);
  CHECK_FALSE(from_halves("stateBytes", 2147483648.0, 0).status.ok);  // 2^63
  CHECK_FALSE(from_halves("stateBytes", 0, 4294967296.0).status.ok);  // a low half past 32 bits
  CHECK_FALSE(from_halves("stateBytes", -1, 0).status.ok);
  CHECK_FALSE(from_halves("stateBytes", 0, 0.5).status.ok);
  CHECK_FALSE(from_halves("stateBytes", std::nan(""), 0).status.ok);
  CHECK(from_halves("stateBytes", 0, 1.5).status.message ==
        "stateBytes must be a whole number from 0 to 2^63 - 1");
  CHECK(from_halves("stateBytes", 0, 1.5).status.field == "stateBytes");
}

TEST_CASE("a refusal leaves as field, separator and message (an empty field when it has none)") {
  CHECK(wire::refusal(check_int("dk", 0, 1, 1024)) ==
        std::string("dk\x01") + "dk must be a whole number from 1 to 1024 (got 0)");
  CHECK(wire::refusal(Status::bad("the state is too large")) ==
        std::string("\x01") + "the state is too large");
}
