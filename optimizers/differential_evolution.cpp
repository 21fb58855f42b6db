// Differential evolution (Storn & Price 1997), DE/rand/1/bin, as an ask/tell optimizer:
// the BORE paper's continuous baseline. It works in the encoded unit cube, so integer,
// ordinal and categorical parameters are handled by Space::decode (rounding).
//
// Steady state: trials are proposed for members 0, 1, 2, ... in turn, each built from the
// current population, and a trial replaces its parent as soon as it is told to be at
// least as good. Defaults (population 20, F = 0.5, CR = 0.5) follow the DE baseline of
// Awad et al. (DEHB, IJCAI 2021); the initial population is a Latin hypercube.
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/registry.hpp"
#include "optimizers/loop/initial_design.hpp"

namespace bobench {

namespace {
class DifferentialEvolution final : public Optimizer {
public:
    DifferentialEvolution(const Space& space, const Args& args)
        : space_(space), population_(static_cast<int>(args.integer("population"))), F_(args.real("F")),
          CR_(args.real("CR")), dim_(static_cast<Eigen::Index>(space.size())) {}

    Point ask(Rng& rng) override {
        if (pending_ >= 0) resolve(std::numeric_limits<double>::infinity());  // never told: a failure
        if (members_.rows() == 0) {
            members_ = designs::latin_hypercube(static_cast<std::size_t>(population_), space_.size(), rng);
            fitness_.setConstant(population_, std::numeric_limits<double>::infinity());
        }
        pending_is_initial_ = initialised_ < population_;
        if (pending_is_initial_) {
            pending_ = initialised_;
            trial_ = members_.row(initialised_).transpose();
        } else {
            pending_ = next_;
            trial_ = mutant(next_, rng);
            next_ = (next_ + 1) % population_;
        }
        return space_.decode(trial_);
    }

    void tell(const Point&, double value) override {
        if (pending_ >= 0) resolve(std::isfinite(value) ? value : std::numeric_limits<double>::infinity());
    }

private:
    Eigen::VectorXd mutant(int i, Rng& rng) const {
        boost::random::uniform_int_distribution<int> pick(0, population_ - 1);
        int r1, r2, r3;
        do r1 = pick(rng); while (r1 == i);
        do r2 = pick(rng); while (r2 == i || r2 == r1);
        do r3 = pick(rng); while (r3 == i || r3 == r1 || r3 == r2);
        boost::random::uniform_int_distribution<Eigen::Index> pick_dim(0, dim_ - 1);
        boost::random::uniform_real_distribution<double> u(0.0, 1.0);
        const Eigen::Index forced = pick_dim(rng);  // at least one coordinate from the mutant
        Eigen::VectorXd t = members_.row(i).transpose();
        for (Eigen::Index j = 0; j < dim_; ++j) {
            if (j != forced && u(rng) >= CR_) continue;
            double v = members_(r1, j) + F_ * (members_(r2, j) - members_(r3, j));
            // out of the cube: halfway between the parent and the violated bound
            if (v < 0) v = 0.5 * members_(i, j);
            if (v > 1) v = 0.5 * (members_(i, j) + 1);
            t[j] = v;
        }
        return t;
    }

    void resolve(double value) {
        if (pending_is_initial_) {
            fitness_[pending_] = value;
            ++initialised_;
        } else if (value <= fitness_[pending_]) {
            members_.row(pending_) = trial_.transpose();
            fitness_[pending_] = value;
        }
        pending_ = -1;
    }

    const Space& space_;
    int population_;
    double F_, CR_;
    Eigen::Index dim_;
    Eigen::MatrixXd members_;  // encoded, population x dim
    Eigen::VectorXd fitness_;
    Eigen::VectorXd trial_;
    int initialised_ = 0;  // members of the initial design evaluated so far
    int next_ = 0;         // member the next trial is for
    int pending_ = -1;     // member whose point was asked and not yet told
    bool pending_is_initial_ = false;
};
}  // namespace

OptimizerFactory differential_evolution_optimizer() {
    return {"de",
            "differential evolution DE/rand/1/bin, steady state, Latin hypercube start (BORE's continuous baseline)",
            {ParamSpec::integer("population", 20, "population size", 4, 100000),
             ParamSpec::real("F", 0.5, "differential weight", 0.0, 2.0).open_min(),
             ParamSpec::real("CR", 0.5, "crossover rate", 0.0, 1.0)},
            [](const OptimizerSetup& setup, const Args& args) {
                return std::make_unique<DifferentialEvolution>(setup.space, args);
            }};
}

}  // namespace bobench
