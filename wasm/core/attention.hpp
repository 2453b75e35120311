// Causal attention over a sequence, for contrast and for checking the recurrent form.
//
//   softmax:  o_t = sum_{i<=t} exp(q_t.k_i/sqrt(dk)) v_i / sum_{i<=t} exp(q_t.k_i/sqrt(dk))
//   linear, parallel (masked):  O = (M o (Phi_Q Phi_K^T)) V,  rows divided by (M o Phi_Q Phi_K^T) 1
//   linear, recurrent:          S_t = S_{t-1} + phi(k_t) v_t^T,  z_t = z_{t-1} + phi(k_t),
//                               o_t = phi(q_t)^T S_t / (phi(q_t)^T z_t + eps)
// (unnormalized variants read o_t = phi(q_t)^T S_t). Inputs and outputs are row-major T x d.
#pragma once
#include <string>
#include <vector>

#include "feature_map.hpp"
#include "status.hpp"

namespace linattn {

struct Sequence {
  int T = 0, dk = 0, dv = 0;
  std::vector<double> q, k, v;  // T*dk, T*dk, T*dv
};

Status validate(const Sequence& s);

Result<std::vector<double>> softmax_attention(const Sequence& s);

enum class LinearForm { Parallel, Recurrent };
Result<LinearForm> parse_linear_form(const std::string& name);  // "parallel" | "recurrent"

Result<std::vector<double>> linear_attention(const Sequence& s, FeatureMap phi, bool normalize,
                                             LinearForm form);

}  // namespace linattn
