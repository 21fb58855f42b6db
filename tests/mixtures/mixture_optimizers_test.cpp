// The mixture optimizers (mixture-kde, mixture-gmr, mixture-spn) through the real run loop:
// better than random search on an easy case, and robust to failed evaluations.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/summary.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"

using namespace bobench;

TEST_CASE("mixture optimizers: the kernel estimator beats random search on the 2-D sphere", "[mixtures][optimizers]") {
    // 8 seeds, 30 evaluations: random search's median regret is ~1 here; a model that
    // ignored the data (or a broken acquisition) would not halve it. mixture-gmr and
    // mixture-spn do not halve it either (README: their BBOB results), so they are not asserted.
    const double random = analysis::summarize(testing::final_regrets("bbob:f=1,i=1,d=2", "random-search", 30, 8)).median;
    for (const char* opt : {"mixture-kde", "mixture-kde:acquisition=mixture-ei"}) {
        const double median = analysis::summarize(testing::final_regrets("bbob:f=1,i=1,d=2", opt, 30, 8)).median;
        INFO(opt << ": median final regret " << median << ", random search " << random);
        CHECK(median < 0.5 * random);
    }
}

namespace {
// A test input: the sphere on [0,1]^2 around (0.7, 0.3), NaN on a stripe x0 < 0.25.
class HoledSphere final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        Evaluation e;
        e.value = x[0] < 0.25 ? std::nan("") : (x[0] - 0.7) * (x[0] - 0.7) + (x[1] - 0.3) * (x[1] - 0.3);
        e.true_value = e.value;
        return e;
    }
    std::optional<double> optimum() const override { return 0.0; }

private:
    Space space_{{Param::real("a", 0, 1), Param::real("b", 0, 1)}};
};
}  // namespace

TEST_CASE("mixture optimizers: failed evaluations are skipped, the search goes on", "[mixtures][optimizers]") {
    for (const char* opt : {"mixture-kde:n_init=4", "mixture-gmr:n_init=4", "mixture-spn:n_init=4"}) {
        INFO(opt);
        const results::Trace t = testing::run_single(std::make_shared<HoledSphere>(), opt, 25);
        REQUIRE(t.size() == 25);
        for (double v : t.x) CHECK(std::isfinite(v));
        CHECK(t.failures() > 0);
        CHECK(std::isfinite(results::incumbent_curve(t).best_true.back()));
    }
}
