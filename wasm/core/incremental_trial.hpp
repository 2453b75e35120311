// One trial of the interference sweep, grown one association at a time: after each add() the
// store holds associations 0..size()-1 of (seed, trial), and every read k_j^T S with its measures
// can be had without recomputing the store. The sweep (interference.cpp) and the capacity search
// (capacity.cpp) are both loops over add().
//
// Every update rule writes S <- alpha S + k_n w_n^T (update_rule.hpp), so each earlier read moves
// by R_j <- alpha R_j + (k_j . k_n) w_n and its similarity to every stored value by
// P_j <- alpha P_j + (k_j . k_n) (V w_n): O(n (n + d)) per association, the same for the delta
// rule as for the additive one (the delta rule's w_n needs k_n^T S, the new key's read before the
// write, which is a sum of n earlier stamps: O(n d)). One pass to N therefore costs
// O(N^2 (N + d)), and every N along the way is measured for free.
#pragma once
#include <vector>

#include "interference.hpp"
#include "linalg.hpp"
#include "trial_settings.hpp"
#include "update_rule.hpp"

namespace linattn {

// Is sims[j] the strict maximum of sims[0..n)? (top-1 recall of read j; row_kernels.hpp)
bool top1_recalled(const double* sims, int j, int n);

class IncrementalTrial {
 public:
  // Associations 0..n_max-1 of (setup.seed, trial), written by setup.rule. spotlight: also keep
  // the softmax reads (sharpness setup.beta) over the same (ungated) cache of every association.
  IncrementalTrial(int d, int n_max, const TrialSetup& setup, int trial, bool spotlight);
  // The same with the associations already drawn (n_max = a.K.rows(), d = a.K.cols()).
  IncrementalTrial(Associations a, const TrialSetup& setup, bool spotlight);
  // Stores association size(); with `out`, measures every read of the store it makes.
  void add(TrialMeans* out);
  // Stores the next `count` associations (at most kMaxBlock, and no more than are left), as many
  // add(outs[k]) calls would, with the same numbers bit for bit; outs[k] may be null. Faster for
  // the chapter's rule with the spotlight: each row of the store is then read once per block
  // instead of once per association.
  static constexpr int kMaxBlock = 8;
  void add_many(int count, TrialMeans* const* outs);
  int size() const { return n_; }

 private:
  void add_plain(int count, TrialMeans* const* outs);
  void add_general(TrialMeans* out);
  void add_new_read(const double* wn, double wnn, TrialMeans& s, TrialMeans* out);

  // What the measures need of read j, kept up to date as associations arrive (O(1) per step
  // instead of O(d) per measure). X_j = R_j - t_j v_j is the crosstalk part of the read, t_j its
  // target coefficient: the value as written (k_j . k_j, times step for the delta rule), faded by
  // the gate since (alpha^age). For the delta rule the later writes' erasure of v_j counts as
  // crosstalk.
  struct ReadNorms {
    double rr = 0;  // |R_j|^2
    double uu = 0;  // |U_j|^2 (softmax numerators)
    double xx = 0;  // |X_j|^2
    double xv = 0;  // X_j . v_j
    double t = 0;   // target coefficient
  };
  int d_, n_max_, n_ = 0;
  double beta_;
  UpdateRule rule_;
  bool spotlight_, plain_;
  Associations a_;
  Mat W_;  // the written values w_i (the delta rule's; the add rule writes v_i)
  Mat R_, U_, P_, Ps_;
  Vec c_, g_, gw_, w_, ckk_, vv_, pow_;
  Mat cb_, gb_, wb_;  // add_plain's c, g and w, a row per association of the block
  std::vector<ReadNorms> norms_;
};

}  // namespace linattn
