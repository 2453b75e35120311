#include "trial_settings.hpp"

namespace linattn {

Result<TrialSetup> check_trial_settings(const TrialSettings& s) {
  Result<TrialSetup> r;
  if (!(r.status = check_int("seed", s.seed, 0, 4294967295.0))) return r;
  if (!(r.status = check_real("beta", s.beta, 0, limits::maxBeta))) return r;
  auto keys = parse_key_geometry(s.keys);
  if (!(r.status = keys.status)) return r;
  auto rule = make_update_rule(s.rule, s.gate, s.step);
  if (!(r.status = rule.status)) return r;
  r.value = {static_cast<std::uint64_t>(s.seed), keys.value, s.beta, rule.value};
  return r;
}

}  // namespace linattn
