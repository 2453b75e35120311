// The bindings' side of the wire between JavaScript and the core, where it needs no Emscripten:
// how byte counts arrive (BigInt as decimal text) and how a refusal leaves (one string holding
// the field and the message). wasm/bindings/ uses these; wasm/api/check.mjs reads the other end.
// The core (wasm/core/) knows nothing of either.
#pragma once
#include <string>

#include "status.hpp"

namespace linattn::wire {

// Separates the field from the message in a refusal: "field\x01message" ("\x01message" when the
// refusal is about no single argument). Neither a field nor a core message contains it.
inline constexpr char kFieldEnd = '\x01';

inline std::string refusal(const Status& st) { return st.field + kFieldEnd + st.message; }

// Parses a decimal whole number from 0 to 2^63 - 1 (byte counts arrive from JS as BigInt text).
inline Result<unsigned long long> parse_uint63(const char* name, const std::string& text) {
  const Status bad =
      Status::bad(std::string(name) + " must be a whole number from 0 to 2^63 - 1", name);
  if (text.empty() || text.size() > 19) return {bad, 0};
  unsigned long long x = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') return {bad, 0};
    x = x * 10 + static_cast<unsigned long long>(ch - '0');  // 19 digits < 2^64: no wrap
  }
  if (x > 9223372036854775807ULL) return {bad, 0};
  return {Status::good(), x};
}

}  // namespace linattn::wire
