// The update rules of a fixed-size state, in one place. Every rule is one write per association
// k -> v into the d x d state S, with a forget gate alpha in (0, 1] (1 = no forgetting):
//
//   add:    S <- alpha S + k v^T
//   delta:  S <- alpha S - step k (k^T (alpha S) - v^T)
//
// Both are "decay, then add a rank-1 stamp": S <- alpha S + k w^T, with
//
//   w = v                                   (add)
//   w = step (v - (alpha S)^T k)            (delta: replace what the decayed state holds under k)
//
// With alpha = 1 the delta rule is la.memory's (memory.hpp): DeltaNet, Schlag, Irie & Schmidhuber
// 2021, "Linear Transformers Are Secretly Fast Weight Programmers" (arXiv:2102.11174), trained at
// scale by Yang et al. 2024, "Parallelizing Linear Transformers with the Delta Rule over Sequence
// Length" (arXiv:2406.06484). The gated delta rule is Gated DeltaNet (Yang, Kautz & Hatamizadeh,
// "Gated Delta Networks: Improving Mamba2 with Delta Rule", ICLR 2025); the gated additive rule is
// the decay of RetNet / gated linear attention.
//
// The delta rule multiplies what S holds under k by (1 - step |k|^2); it converges only while
// 0 < step |k|^2 <= 2. The interference calls store unit keys (every key geometry is normalized,
// elu+1 included), so the check is 0 < step <= 2. In the interference calls `beta` is the softmax
// spotlight's sharpness, which is why the delta rule's own beta is called `step` there.
#pragma once
#include <string>

#include "linalg.hpp"
#include "memory.hpp"  // WriteRule
#include "status.hpp"

namespace linattn {

struct UpdateRule {
  WriteRule kind = WriteRule::Add;
  double gate = 1.0;  // alpha
  double step = 1.0;  // the delta rule's beta (unused by add)
  // The chapter's rule, S <- S + k v^T: the sweep keeps its original (fastest) path for it.
  bool plain() const { return kind == WriteRule::Add && gate == 1.0; }
};

// Validates rule ('add' | 'delta'), gate in (0, 1] and step in (0, 2] (names as in the JS API).
Result<UpdateRule> make_update_rule(const std::string& rule, double gate, double step);

// The stamp's value w for the write k -> v, given r = k^T S, the read of S before the write.
Vec written_value(const UpdateRule& rule, const Vec& v, const Vec& r);

// One write, S <- alpha S + k w^T, computed directly (O(d^2)): the reference the incremental
// sweep is tested against, and how interferenceStore writes.
void write(Mat& S, const UpdateRule& rule, const Vec& k, const Vec& v);

}  // namespace linattn
