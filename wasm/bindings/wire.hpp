// The bindings' side of the wire between JavaScript and the core, where it needs no Emscripten:
// how byte counts arrive (a BigInt as its two 32-bit halves) and how a refusal leaves (one string
// holding the field and the message). wasm/bindings/ uses these; wasm/api/check.mjs reads the other
// end. The core (wasm/core/) knows nothing of either.
#pragma once
#include <string>

#include "status.hpp"

namespace linattn::wire {

// Separates the field from the message in a refusal: "field\x01message" ("\x01message" when the
// refusal is about no single argument). Neither a field nor a core message contains it.
inline constexpr char kFieldEnd = '\x01';

inline std::string refusal(const Status& st) { return st.field + kFieldEnd + st.message; }

// A whole number from 0 to 2^63 - 1 from its high and low 32-bit halves (byte counts arrive from JS
// that way: 2^63 does not fit a double, and a BigInt's halves are plain numbers).
inline Result<unsigned long long> from_halves(const char* name, double high, double low) {
  const bool whole = high >= 0 && high < 2147483648.0 && low >= 0 && low < 4294967296.0 &&
                     high == static_cast<double>(static_cast<unsigned long long>(high)) &&
                     low == static_cast<double>(static_cast<unsigned long long>(low));
  if (!whole)
    return {Status::bad(std::string(name) + " must be a whole number from 0 to 2^63 - 1", name), 0};
  return {Status::good(),
          (static_cast<unsigned long long>(high) << 32) | static_cast<unsigned long long>(low)};
}

}  // namespace linattn::wire
