// COCO's bbob functions behind the Problem interface: `bbob:f=F,i=I,d=D`.
#include "core/registry.hpp"
#include "testfunctions/bbob/function.hpp"
#include "testfunctions/bbob/instance_generator.hpp"

namespace bobench::bbob {

namespace {
class BbobProblem final : public Problem {
public:
    BbobProblem(int f, int i, int d)
        : function_(f, i, d), space_(real_box(std::vector<double>(static_cast<std::size_t>(d), -5.0),
                                              std::vector<double>(static_cast<std::size_t>(d), 5.0))) {}
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        Evaluation e;
        e.value = e.true_value = function_.evaluate(x);
        return e;
    }
    std::optional<double> optimum() const override { return function_.fopt(); }
    Metadata metadata() const override {
        return {{"suite", "bbob"},
                {"function", std::to_string(function_.function())},
                {"instance", std::to_string(function_.instance())},
                {"dimension", std::to_string(function_.dimension())},
                {"group", std::to_string(function_.group())},
                {"name", Function::name(function_.function())}};
    }

private:
    Function function_;
    Space space_;
};
}  // namespace

ProblemFactory problem_factory() {
    return {"bbob",
            "COCO's noiseless bbob suite, exact to COCO's C code: function f (1-24), instance i, dimension d, "
            "[-5,5]^d; lists and ranges (f=1-24,d=2,5,10) expand to one problem each",
            {ParamSpec::integer("f", 1, "function number (COCO groups: 1-5 separable, 6-9 moderate, 10-14 "
                                        "ill-conditioned, 15-19 multimodal, 20-24 weak structure)",
                                1, 24)
                 .require(),
             ParamSpec::integer("i", 1, "instance (COCO's instance generator)", 1, 200000).require(),
             ParamSpec::integer("d", 2, "dimension (at most 640, as COCO's bbob-largescale)", 2, kMaxDimension)
                 .require()},
            [](const ProblemSetup&, const Args& a) -> std::shared_ptr<const Problem> {
                return std::make_shared<BbobProblem>(static_cast<int>(a.integer("f")), static_cast<int>(a.integer("i")),
                                                     static_cast<int>(a.integer("d")));
            }};
}

}  // namespace bobench::bbob
