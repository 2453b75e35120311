#include "update_rule.hpp"

namespace linattn {

Result<UpdateRule> make_update_rule(const std::string& rule, double gate, double step) {
  Result<UpdateRule> r;
  if (rule != "add" && rule != "delta") {
    r.status =
        Status::bad("rule must be 'add' or 'delta' (got '" + rule.substr(0, 40) + "')", "rule");
    return r;
  }
  if (!(r.status = check_real("gate", gate, 0, 1))) return r;
  if (gate <= 0) {
    r.status = Status::bad("gate must be greater than 0 and at most 1 (got 0)", "gate");
    return r;
  }
  if (!(r.status = check_real("step", step, 0, 2))) return r;
  if (step <= 0) {
    r.status = Status::bad("step must be greater than 0 and at most 2 (got 0)", "step");
    return r;
  }
  r.value.kind = rule == "delta" ? WriteRule::Delta : WriteRule::Add;
  r.value.gate = gate;
  r.value.step = step;
  return r;
}

Vec written_value(const UpdateRule& rule, const Vec& v, const Vec& r) {
  if (rule.kind == WriteRule::Add) return v;
  return rule.step * (v - rule.gate * r);
}

void write(Mat& S, const UpdateRule& rule, const Vec& k, const Vec& v) {
  const Vec r = S.transpose() * k;  // k^T S
  const Vec w = written_value(rule, v, r);
  S *= rule.gate;
  S += k * w.transpose();
}

}  // namespace linattn
