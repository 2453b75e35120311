// The native side of `npm run bench` (tests/bench/run.mjs): the core's workloads, compiled with
// -O3 -march=native, timed here and printed as JSON on stdout.
//
//   linattn_bench <workload> [reps] [--results] [--threads N]  < spec.txt
//
// --threads N (the sweeps only): the trials split into N contiguous ranges, each computed on its
// own std::thread (sweep_trials) and merged by the core (merge_sweep_trials), as the page's pool
// of workers does; bit for bit the one-thread result. Times are then wall time of the whole (the
// CPU times are the calling thread's, which only waits and merges).
//
// workload: sweep64 | sweep256 | ledger | kv | ledgerUpdate | memoryUpdate. The spec (written by
// run.mjs from workloads.mjs, so every implementation runs the very same inputs) is plain text, one
// item a line:
//   sweep64 <d> <nMax> <trials> <seed> <beta>
//   sweep256 <d> <nMax> <trials> <seed> <beta>
//   ledger <d> <writes> <seed> <rounds>
//   tokens <t1> <t2> ...                      the context lengths of the KV calculator
//   kvquery <sessions> <gpuBytes> <capacitySessions> <stateBytes>
//   ledgerupdate <d> <associations> <seed> <updates>
//   memoryupdate <updates> <tokens> <sessions> <gpuBytes> <tp> <curve fields, as bits>
//   model <id> <params> <groups>              followed by <groups> lines:
//   <kind> <count> <kvHeads> <headDim> <window> <latentDim> <heads> <keyDim> <valueDim>
//          <chunk> <stateDim> <convKernel> <convChannels>   (0: absent)
//   (models named update:core, update:reference, update:original are memoryUpdate's, not presets)
// Output: {"workload", "timesMs": [...one per rep, wall], "cpuMs": [...thread CPU], "result":
// {...}} where result holds the numbers run.mjs compares across implementations (only with
// --results: the full arrays).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "interference.hpp"
#include "kv_batch.hpp"
#include "kv_memory.hpp"
#include "ledger.hpp"
#include "memory.hpp"
#include "memory_batch.hpp"
#include "rng.hpp"

using namespace linattn;

namespace {

struct PresetSpec {
  std::string id;
  double params = 0;
  std::vector<LayerSpec> layers;
};

struct Spec {
  std::map<std::string, std::vector<double>> lines;  // sweep64, sweep256, ledger, tokens, kvquery
  std::vector<PresetSpec> models;
};

Spec read_spec(std::istream& in) {
  Spec s;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string key;
    if (!(ls >> key)) continue;
    if (key == "model") {
      PresetSpec m;
      int groups = 0;
      ls >> m.id >> m.params >> groups;
      for (int g = 0; g < groups && std::getline(in, line); ++g) {
        std::istringstream gs(line);
        LayerSpec l;
        gs >> l.kind >> l.count >> l.kv_heads >> l.head_dim >> l.window >> l.latent_dim >>
            l.heads >> l.key_dim >> l.value_dim >> l.chunk >> l.state_dim >> l.conv_kernel >>
            l.conv_channels;
        m.layers.push_back(l);
      }
      s.models.push_back(m);
    } else {
      double x;
      auto& v = s.lines[key];
      while (ls >> x) v.push_back(x);
    }
  }
  return s;
}

// CPU time of this thread: on a loaded machine it varies far less than wall time.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "linattn_bench: %s\n", msg.c_str());
  std::exit(2);
}

const std::vector<double>& need(const Spec& s, const std::string& key, std::size_t n) {
  auto it = s.lines.find(key);
  if (it == s.lines.end() || it->second.size() < n) die("spec line '" + key + "' missing or short");
  return it->second;
}

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string array(const std::vector<double>& xs) {
  std::string out = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? "," : "") + num(xs[i]);
  return out + "]";
}

// ---- the workloads: each returns its result as a JSON object --------------------------------

SweepResult sweep(const std::vector<double>& p, int threads) {
  SweepOptions o;
  o.d = p[0];
  for (int n = 1; n <= static_cast<int>(p[1]); ++n) o.ns.push_back(n);
  o.trials = p[2];
  o.seed = p[3];
  o.beta = p[4];
  auto cfg = make_sweep_config(o);
  if (!cfg.status) die(cfg.status.message);
  if (threads <= 1) return interference_sweep(cfg.value);
  const int trials = cfg.value.trials;
  threads = std::min(threads, trials);
  std::vector<TrialsPart> parts(threads);
  std::vector<std::thread> pool;
  for (int k = 0; k < threads; ++k) {
    const int first = trials * k / threads, count = trials * (k + 1) / threads - first;
    pool.emplace_back([&, k, first, count] {
      auto r = sweep_trials(cfg.value, first, count);
      parts[k] = {static_cast<double>(first), static_cast<double>(count),
                  std::move(r.value.records)};
    });
  }
  for (auto& t : pool) t.join();
  auto merged = merge_sweep_trials(cfg.value, parts);
  if (!merged.status) die(merged.status.message);
  return merged.value;
}

std::string sweep_json(const SweepResult& r, bool full) {
  if (!full) return "{}";
  const std::pair<const char*, const std::vector<double>*> fields[] = {
      {"cosineMean", &r.cosine_mean},
      {"cosineStd", &r.cosine_std},
      {"relErrorMean", &r.rel_error_mean},
      {"relErrorStd", &r.rel_error_std},
      {"crosstalkMean", &r.crosstalk_mean},
      {"crosstalkStd", &r.crosstalk_std},
      {"recallMean", &r.recall_mean},
      {"recallStd", &r.recall_std},
      {"softmaxCosineMean", &r.softmax_cosine_mean},
      {"softmaxCosineStd", &r.softmax_cosine_std},
      {"softmaxRecallMean", &r.softmax_recall_mean},
      {"softmaxRecallStd", &r.softmax_recall_std}};
  std::string out = "{";
  for (const auto& [name, v] : fields)
    out += std::string(out.size() > 1 ? "," : "") + "\"" + name + "\":" + array(*v);
  return out + "}";
}

// The ledger: `rounds` times, for the add rule (identity) and the delta rule (elu1, normalized),
// write `writes` associations into a fresh d x d memory (delta: unit keys), reading each key back
// right after its write; then read every key once more. Keys and values: Rng(seed) normals, keys
// first.
struct LedgerResult {
  std::vector<double> finals;  // last round: every final read, add rule then delta rule
  double step_sum = 0;         // last round: sum of every read right after its write
};
LedgerResult ledger(const std::vector<double>& p) {
  const int d = static_cast<int>(p[0]), writes = static_cast<int>(p[1]),
            rounds = static_cast<int>(p[3]);
  Rng rng(static_cast<std::uint64_t>(p[2]));
  std::vector<std::vector<double>> k(writes, std::vector<double>(d)), v = k;
  for (auto& row : k)
    for (auto& x : row) x = rng.normal();
  for (auto& row : v)
    for (auto& x : row) x = rng.normal();
  const MemoryConfig configs[] = {
      make_memory_config({p[0], p[0], "identity", false, "add", 1.0, false}).value,
      make_memory_config({p[0], p[0], "elu1", true, "delta", 0.5, true}).value};
  std::vector<double> keys, values;  // n x d each, row after row: the runs' flat arrays
  for (const auto& row : k) keys.insert(keys.end(), row.begin(), row.end());
  for (const auto& row : v) values.insert(values.end(), row.begin(), row.end());
  std::vector<double> finals;
  double step_sum = 0;
  for (int round = 0; round < rounds; ++round) {
    finals.clear();
    step_sum = 0;
    for (const MemoryConfig& cfg : configs) {
      AssociativeMemory mem(cfg);
      // The same runs as la.memory's writeAndRead and readRows: one call each.
      auto reads = write_and_read(mem, keys, values);
      if (!reads.status) die("ledger write failed");
      for (double x : reads.value) step_sum += x;
      auto again = read_rows(mem, keys);
      finals.insert(finals.end(), again.value.begin(), again.value.end());
    }
  }
  return {finals, step_sum};
}
std::string ledger_json(const LedgerResult& r, bool full) {
  return "{\"stepSum\":" + num(r.step_sum) + (full ? ",\"finalReads\":" + array(r.finals) : "") +
         "}";
}

// The memory calculator: for every preset, every context length and three KV dtypes, kvMemory and
// kvCapacity; and kvCrossover per preset and dtype. The checksum is the wrapping 64-bit sum of
// every byte count (errors count as 1), as a decimal string.
bool is_update_model(const PresetSpec& ms) { return ms.id.rfind("update:", 0) == 0; }

std::string kv(const Spec& s) {
  const auto& tokens = need(s, "tokens", 1);
  const auto& q = need(s, "kvquery", 4);
  std::uint64_t sum = 0, calls = 0;
  for (const PresetSpec& ms : s.models) {
    if (is_update_model(ms)) continue;
    auto m = make_model({ms.layers, ms.params});
    if (!m.status) die(ms.id + ": " + m.status.message);
    for (const char* dtype : {"bf16", "fp8", "int4"}) {
      // The curves as la.kvMemoryCurve and la.kvCapacityCurve make them: one call each.
      auto r = kv_memory_curve(m.value, {0, q[0], dtype, "bf16"}, tokens);
      for (const KvResult& x : r.value)
        sum +=
            x.kv_bytes_per_token + x.kv_bytes + x.state_bytes + x.total_bytes + x.per_session_bytes;
      if (!r.status) sum += 1;
      auto c = kv_capacity_curve(m.value, {{0, q[2], dtype, "bf16"}, q[1], "bf16"}, tokens);
      for (const CapacityResult& x : c.value)
        sum += x.weight_bytes + x.free_bytes + x.sessions_that_fit + x.longest_context;
      if (!c.status) sum += 1;
      auto x = kv_crossover(m.value, parse_dtype("kvDtype", dtype).value,
                            static_cast<std::uint64_t>(q[3]));
      sum += x.status ? static_cast<std::uint64_t>(x.value) : 1;  // -1 wraps, as in JS
      calls += 3;
    }
  }
  return "{\"checksum\":\"" + std::to_string(sum) + "\",\"calls\":" + std::to_string(calls) + "}";
}

// One drag update of the ledger figure, `updates` times: ledger_view and pack(), what
// la.ledgerView computes (workloads.mjs ledgerUpdate).
std::string ledger_update(const std::vector<double>& p) {
  const int d = static_cast<int>(p[0]), n = static_cast<int>(p[1]),
            updates = static_cast<int>(p[3]);
  Rng rng(static_cast<std::uint64_t>(p[2]));
  std::vector<double> x(2 * n * d);
  for (auto& e : x) e = rng.normal();
  LedgerOptions o;
  o.memory = {p[0], p[0], "elu1", true, "add", 1.0, false};
  o.keys.assign(x.begin(), x.begin() + n * d);
  o.values.assign(x.begin() + n * d, x.end());
  o.step = n;
  o.query.assign(x.begin(), x.begin() + d);
  o.query_index = 0;
  Result<LedgerView> r;
  std::size_t words = 0;
  for (int u = 0; u < updates; ++u) {
    r = ledger_view(o);
    if (!r.status) die("ledgerUpdate: " + r.status.message);
    words += pack(r.value).size();
  }
  if (words == 0) die("ledgerUpdate: nothing computed");
  return "{\"state\":" + array(r.value.state) + ",\"angles\":" + array(r.value.angles) +
         ",\"read\":" + array(r.value.query_terms.read) + "}";
}

// The answer's memory, as the bindings' (wasm/bindings/js.hpp, words_room): asked for at each
// call, not zeroed, freed before the next.
std::unique_ptr<std::uint64_t[]> answer_words;
std::uint64_t* answer_room(std::size_t n) {
  answer_words.reset(new std::uint64_t[n]);
  return answer_words.get();
}

// One drag update of the memory figure, `updates` times: kv_view_packed, what la.kvView's binding
// computes (workloads.mjs memoryUpdate); the checksum sums what workloads.mjs viewChecksum sums:
// every word after the header, the state per session and the crossover (the header's crossover + 1
// less one: -1 wraps, as in JS).
std::string memory_update(const Spec& s) {
  const auto& p = need(s, "memoryupdate", 6);
  const auto& tokens = need(s, "tokens", 1);
  std::map<std::string, Model> models;
  for (const PresetSpec& ms : s.models) {
    if (!is_update_model(ms)) continue;
    auto m = make_model({ms.layers, ms.params});
    if (!m.status) die(ms.id + ": " + m.status.message);
    models[ms.id] = m.value;
  }
  KvViewOptions o;
  o.query = {{p[1], p[2], "fp8", "bf16"}, p[3], "bf16", p[4]};
  o.curve = tokens;
  o.crossover = true;
  o.curve_fields = p[5];            // the figure's columns (workloads.mjs MEMORY_CURVE_FIELDS)
  constexpr std::size_t kHead = 6;  // the flags, crossover + 1, the state per session, n
  const auto columns = static_cast<std::size_t>(__builtin_popcount(static_cast<unsigned>(p[5])));
  const std::size_t size =
      kHead + 3 * kKvResultFields + kCapacityFields + 3 * columns * tokens.size();
  for (int u = 0; u < static_cast<int>(p[0]); ++u) {
    auto r = kv_view_packed(models.at("update:core"), &models.at("update:reference"),
                            &models.at("update:original"), o, answer_room);
    if (!r.status) die("memoryUpdate: " + r.status.message);
  }
  const std::uint64_t* w = answer_words.get();
  std::uint64_t sum = (w[3] - 1) + w[4];
  for (std::size_t i = kHead; i < size; ++i) sum += w[i];
  return "{\"checksum\":\"" + std::to_string(sum) + "\"}";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2)
    die("usage: linattn_bench sweep64|sweep256|ledger|kv|ledgerUpdate|memoryUpdate [reps] "
        "[--results] < spec");
  const std::string workload = argv[1];
  int reps = 1, threads = 1;
  bool full = false;
  for (int i = 2; i < argc; ++i) {
    if (std::string(argv[i]) == "--results")
      full = true;
    else if (std::string(argv[i]) == "--threads" && i + 1 < argc)
      threads = std::max(1, std::atoi(argv[++i]));
    else
      reps = std::atoi(argv[i]);
  }
  const Spec spec = read_spec(std::cin);

  const bool update = workload == "ledgerUpdate" || workload == "memoryUpdate";
  if (workload != "sweep64" && workload != "sweep256" && workload != "ledger" && workload != "kv" &&
      !update)
    die("unknown workload '" + workload + "'");
  std::vector<double> times, cpu;
  std::string result;  // of the first rep (formatting is not timed)
  for (int rep = 0; rep < reps; ++rep) {
    SweepResult sr;
    LedgerResult lr;
    std::string kr;
    const double c0 = thread_cpu_ms();
    const auto t0 = std::chrono::steady_clock::now();
    if (workload == "ledger")
      lr = ledger(need(spec, "ledger", 4));
    else if (workload == "kv")
      kr = kv(spec);
    else if (workload == "ledgerUpdate")
      kr = ledger_update(need(spec, "ledgerupdate", 4));
    else if (workload == "memoryUpdate")
      kr = memory_update(spec);
    else
      sr = sweep(need(spec, workload, 5), threads);
    const auto t1 = std::chrono::steady_clock::now();
    cpu.push_back(thread_cpu_ms() - c0);
    times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    if (rep == 0) {
      result = workload == "ledger"         ? ledger_json(lr, full)
               : workload == "kv" || update ? kr
                                            : sweep_json(sr, full);
    }
  }
  std::cout << "{\"workload\":\"" << workload << "\",\"timesMs\":" << array(times)
            << ",\"cpuMs\":" << array(cpu) << ",\"result\":" << result << "}\n";
  return 0;
}
