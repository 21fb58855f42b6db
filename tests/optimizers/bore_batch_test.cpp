// bore-xgb (and bore-rf) score DE's population (and the samples of discrete spaces) in one classifier
// call per generation. That must change no result: the traces below were recorded with the
// build before batch scoring existed (one XGBoost call per point, commit 51ecb9f) and are
// compared bit for bit.
//
// To record them again (only when a change of results is intended):
//   BOBENCH_RECORD_BORE_TRACES=1 build/bobench_tests "bore-xgb traces equal the ones recorded before batch scoring"
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "core/space.hpp"
#include "results/trace.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"

using namespace bobench;

namespace {

// Real, integer, ordinal and categorical parameters: DE searches the cube, each vector
// scored as the point it decodes to.
class MixedQuadratic final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        Evaluation e;
        e.value = e.true_value = (x[0] - 0.3) * (x[0] - 0.3) + (x[1] - 2) * (x[1] - 2) + (x[2] == 0.5 ? 0 : 1) +
                                 (x[3] == 1 ? 0 : 0.5) + std::abs(x[4] - 1.5);
        return e;
    }
    std::optional<double> optimum() const override { return 0.0; }

private:
    Space space_{{Param::real("r", -1, 1), Param::integer("i", 0, 6), Param::ordinal("o", {0.125, 0.25, 0.5, 1}),
                  Param::categorical("c", {"a", "b", "c"}), Param::real("s", 0, 4)}};
};

// Integers and a categorical only: bore samples the space (random_evals points).
class DiscreteGrid final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        Evaluation e;
        e.value = e.true_value = std::abs(x[0] - 7) + std::abs(x[1] - 3) + (x[2] == 2 ? 0 : 1);
        return e;
    }
    std::optional<double> optimum() const override { return 0.0; }

private:
    Space space_{{Param::integer("a", 0, 20), Param::integer("b", 0, 9), Param::categorical("c", {"x", "y", "z"})}};
};

std::string hex(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a", v);
    return buf;
}

// One line per evaluation: the value and the point, as hexadecimal floats (exact).
std::string describe(const results::Trace& t) {
    std::ostringstream out;
    const std::size_t dim = t.size() == 0 ? 0 : t.x.size() / t.size();
    for (std::size_t i = 0; i < t.size(); ++i) {
        out << hex(t.value[i]);
        for (std::size_t j = 0; j < dim; ++j) out << ' ' << hex(t.x[i * dim + j]);
        out << '\n';
    }
    return out.str();
}

struct Case {
    std::string name;
    std::string optimizer;  // without the batch switch
    std::function<results::Trace(const std::string& optimizer)> run;
};

std::vector<Case> cases() {
    return {
        {"branin", "bore-xgb:epsilon=0.2",
         [](const std::string& o) { return testing::run_traces("branin", o, 24, 1).front(); }},
        {"mixed", "bore-xgb:rounds=30,n_init=6",
         [](const std::string& o) { return testing::run_single(std::make_shared<MixedQuadratic>(), o, 22, 1); }},
        {"discrete", "bore-xgb:rounds=30,n_init=6",
         [](const std::string& o) { return testing::run_single(std::make_shared<DiscreteGrid>(), o, 22, 2); }},
        {"hartmann6-calibrated", "bore-xgb:rounds=20,calibration=platt",
         [](const std::string& o) { return testing::run_traces("hartmann6", o, 20, 1).front(); }},
        // bore-rf's forest scores a batch with the same arithmetic per point as well
        {"branin-rf", "bore-rf:epsilon=0.2",
         [](const std::string& o) { return testing::run_traces("branin", o, 24, 1).front(); }},
        {"discrete-rf", "bore-rf:n_init=6",
         [](const std::string& o) { return testing::run_single(std::make_shared<DiscreteGrid>(), o, 22, 2); }},
    };
}

std::string reference_path(const std::string& name) {
    return std::string(BOBENCH_TEST_DATA_DIR) + "/bore_xgb_traces/" + name + ".txt";
}

}  // namespace

TEST_CASE("bore-xgb traces equal the ones recorded before batch scoring", "[optimizers][bore][batch]") {
    const bool record = std::getenv("BOBENCH_RECORD_BORE_TRACES") != nullptr;
    for (const Case& c : cases()) {
        INFO(c.name << ": " << c.optimizer);
        const std::string got = describe(c.run(c.optimizer));
        if (record) {
            std::ofstream(reference_path(c.name)) << got;
            continue;
        }
        std::ifstream in(reference_path(c.name));
        REQUIRE(in);
        std::stringstream want;
        want << in.rdbuf();
        CHECK(got == want.str());
    }
}
