// A plugin with one optimizer and one problem (tests/cli/plugin_test.cpp loads it):
// random points, then the best one moved by a step in one coordinate; and the sphere in
// [-1, 1]^d.
#include <memory>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/plugin.hpp"

namespace {
using namespace bobench;

class BestOfRandomWithStep final : public Optimizer {
public:
    BestOfRandomWithStep(const Space& space, double step) : space_(space), step_(step) {}
    Point ask(Rng& rng) override {
        if (best_.empty() || boost::random::uniform_int_distribution<int>(0, 1)(rng) == 0) return space_.sample(rng);
        Eigen::VectorXd u = space_.encode(best_);
        const auto i = boost::random::uniform_int_distribution<Eigen::Index>(0, u.size() - 1)(rng);
        u[i] += boost::random::uniform_real_distribution<double>(-step_, step_)(rng);
        return space_.decode(u);
    }
    void tell(const Point& x, double value) override {
        if (best_.empty() || value < best_value_) best_ = x, best_value_ = value;
    }

private:
    const Space& space_;
    double step_;
    Point best_;
    double best_value_ = 0;
};

class Sphere final : public Problem {
public:
    explicit Sphere(long d) : space_(real_box(std::vector<double>(static_cast<std::size_t>(d), -1.0),
                                              std::vector<double>(static_cast<std::size_t>(d), 1.0))) {}
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        double sum = 0;
        for (double v : x) sum += v * v;
        return {sum, sum};
    }
    std::optional<double> optimum() const override { return 0.0; }

private:
    Space space_;
};
}  // namespace

BOBENCH_PLUGIN(registrar) {
    registrar.add(OptimizerFactory{
        "plugin-step", "random points, or the best one so far moved in one coordinate (a test plugin)",
        {ParamSpec::real("step", 0.1, "largest move, in the unit cube", 0, 1).open_min()},
        [](const OptimizerSetup& setup, const Args& args) {
            return std::make_unique<BestOfRandomWithStep>(setup.space, args.real("step"));
        }});
    registrar.add(ProblemFactory{"plugin-sphere", "sum of squares in [-1, 1]^d (a test plugin)",
                                 {ParamSpec::integer("d", 2, "dimension", 1, 20)},
                                 [](const ProblemSetup&, const Args& args) -> std::shared_ptr<const Problem> {
                                     return std::make_shared<Sphere>(args.integer("d"));
                                 }});
}
