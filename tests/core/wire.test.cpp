#include <doctest.h>

#include "wire.hpp"

using namespace linattn;
using linattn::wire::parse_uint63;

TEST_CASE("byte counts arrive as decimal text: 0 to 2^63 - 1, nothing else") {
  CHECK(parse_uint63("stateBytes", "0").value == 0);
  CHECK(parse_uint63("stateBytes", "9223372036854775807").value == 9223372036854775807ULL);
  CHECK_FALSE(parse_uint63("stateBytes", "9223372036854775808").status.ok);
  CHECK_FALSE(parse_uint63("stateBytes", "99999999999999999999").status.ok);
  CHECK_FALSE(parse_uint63("stateBytes", "-1").status.ok);
  CHECK_FALSE(parse_uint63("stateBytes", "").status.ok);
  CHECK(parse_uint63("stateBytes", "1e3").status.message ==
        "stateBytes must be a whole number from 0 to 2^63 - 1");
  CHECK(parse_uint63("stateBytes", "1e3").status.field == "stateBytes");
}

TEST_CASE("a refusal leaves as field, separator and message (an empty field when it has none)") {
  CHECK(wire::refusal(check_int("dk", 0, 1, 1024)) ==
        std::string("dk\x01") + "dk must be a whole number from 1 to 1024 (got 0)");
  CHECK(wire::refusal(Status::bad("the state is too large")) ==
        std::string("\x01") + "the state is too large");
}
