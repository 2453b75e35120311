// What every binding file shares: names for the JS values a binding takes and returns, so that
// signatures read like the JS they serve, and the conversions between them and the core's types.
// Nothing here throws: a field of the wrong type reads as a value the core refuses by name.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>  // EMSCRIPTEN_KEEPALIVE: the flat wire's exported functions
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "status.hpp"
#include "wire.hpp"

namespace linattn::js {

using emscripten::val;
using JsNumbers = val;     // Array<number> | Float64Array (checked by wasm/api/)
using JsOptions = val;     // a plain object made by wasm/api/ (no getters), fields by name
using Float64Array = val;  // a copy, never a view into the heap
using JsResult = val;      // the result, or a string: the refusal (wire::refusal)

// An Array or a Float64Array as numbers; anything else as one NaN, which the core refuses by the
// field's name (its length, or its entry [0]).
[[gnu::noinline]] inline std::vector<double> numbers(const JsNumbers& a) {
  // The constructor looked up once, not by its name on every call.
  static const val float64_array = val::global("Float64Array");
  if (!a.isArray() && !a.instanceof (float64_array)) return {std::nan("")};
  return emscripten::convertJSArrayToNumberVector<double>(a);
}

[[gnu::noinline]] inline JsResult failure(const Status& st) { return val(wire::refusal(st)); }
// "" when st is good, else the refusal: the answer of the check* calls.
inline std::string refusal_or_empty(const Status& st) {
  return st ? std::string() : wire::refusal(st);
}

// One field of an options object. Absent: the fallback (the core's default). Present but of the
// wrong type (wasm/api/ throws a TypeError first): NaN or "", which the core refuses by name.
// as<...>() only ever sees the type it asks for, so it cannot throw.
inline double number_at(const JsOptions& o, const char* key, double fallback) {
  const val x = o[key];
  if (x.isUndefined()) return fallback;
  return x.isNumber() ? x.as<double>() : std::nan("");
}
inline std::string string_at(const JsOptions& o, const char* key, const std::string& fallback) {
  const val x = o[key];
  if (x.isUndefined()) return fallback;
  return x.isString() ? x.as<std::string>() : std::string();
}
inline bool boolean_at(const JsOptions& o, const char* key, bool fallback) {
  const val x = o[key];
  return x.isUndefined() ? fallback : x.isTrue();
}
inline std::vector<double> numbers_at(const JsOptions& o, const char* key) {
  const val x = o[key];
  return x.isUndefined() ? std::vector<double>{} : numbers(x);
}

// An option by its name and the field of a core struct it is read into, by the field's type
// (number, string, boolean): absent, the field keeps its default. read_fields(o, {{"n", s.n},
// {"dtype", s.dtype}, ...}) names each field once; one function reads them all.
struct Field {
  const char* key;
  double* number = nullptr;
  std::string* text = nullptr;
  bool* flag = nullptr;
  Field(const char* k, double& x) : key(k), number(&x) {}
  Field(const char* k, std::string& x) : key(k), text(&x) {}
  Field(const char* k, bool& x) : key(k), flag(&x) {}
};
[[gnu::noinline]] inline void read_fields(const JsOptions& o, std::initializer_list<Field> fields) {
  for (const Field& f : fields) {
    if (f.number) *f.number = number_at(o, f.key, *f.number);
    if (f.text) *f.text = string_at(o, f.key, *f.text);
    if (f.flag) *f.flag = boolean_at(o, f.key, *f.flag);
  }
}

[[gnu::noinline]] inline Float64Array f64(const std::vector<double>& x) {
  return val(emscripten::typed_memory_view(x.size(), x.data())).call<val>("slice");
}

inline std::string u64(std::uint64_t x) { return std::to_string(x); }

// Unsigned 64-bit counts as a Uint32Array copy, two words each, low word first (WebAssembly is
// little-endian): wasm/api/ reads it as a BigUint64Array over the same buffer, without text.
using Uint32Array = val;
[[gnu::noinline]] inline Uint32Array u64_words(const std::vector<std::uint64_t>& x) {
  const auto* words = reinterpret_cast<const std::uint32_t*>(x.data());
  return val(emscripten::typed_memory_view(2 * x.size(), words)).call<val>("slice");
}

// ---- the flat wire: calls that take and give numbers over WebAssembly memory, not Embind values
// ---- JS writes a call's arrays into the input buffer (la_input, module.cpp), calls an exported C
// function with plain numbers (no JS object crosses, no Embind invoker runs), and copies the answer
// out of the output buffer in one slice (wasm/api/wire.mjs). The buffers are kept and reused: a
// call allocates nothing that outlives it, so nothing can leak; an answer is valid until the next
// call. A refused call returns -1 (or NaN) and leaves its refusal's text in `refusal`
// (wireRefusal()).
struct Wire {
  std::vector<double> in;
  std::vector<double> out;
  // An answer of words, which the core writes at once: made with new[], not zeroed first (in
  // WebAssembly zeroing a view's 16 KB answer, and a vector's loop over its words, were calls and
  // loops of their own).
  std::unique_ptr<std::uint64_t[]> words;
  std::size_t word_count = 0;
  std::string refusal;
};
inline Wire& wire_buffers() {
  static Wire w;
  return w;
}
// The answers of a wire call: how many numbers (or words) wait in the output buffer, or -1.
inline double answer(std::vector<double>&& x) {
  Wire& w = wire_buffers();
  w.out = std::move(x);
  return static_cast<double>(w.out.size());
}
// Room for an answer of `n` words, which the core then writes (kv_batch.hpp's *_columns and
// kv_view_packed); the call answers words_held().
inline std::uint64_t* words_room(std::size_t n) {
  Wire& w = wire_buffers();
  w.words.reset(new std::uint64_t[n]);
  w.word_count = n;
  return w.words.get();
}
inline double words_held() { return static_cast<double>(wire_buffers().word_count); }
inline double refuse(const Status& st) {
  wire_buffers().refusal = wire::refusal(st);
  return -1;
}
// Entries [at, at + n) of the input buffer (clamped to what it holds).
inline std::vector<double> input_part(std::size_t at, std::size_t n) {
  const std::vector<double>& in = wire_buffers().in;
  const std::size_t from = std::min(at, in.size()), to = std::min(in.size(), from + n);
  return {in.begin() + static_cast<long>(from), in.begin() + static_cast<long>(to)};
}

}  // namespace linattn::js
