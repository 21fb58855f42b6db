// Optimizers that misbehave (tests/cli/plugin_test.cpp loads them): one throws what is no
// std::exception, one never returns from ask() once it has created its marker file.
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include "core/plugin.hpp"

namespace {
using namespace bobench;

class ThrowsInt final : public Optimizer {
public:
    Point ask(Rng&) override { throw 42; }
    void tell(const Point&, double) override {}
};

class Stuck final : public Optimizer {
public:
    explicit Stuck(std::string marker) : marker_(std::move(marker)) {}
    Point ask(Rng&) override {
        std::ofstream(marker_) << "stuck\n";
        for (;;) ::pause();  // deaf to bobench's stop request, as an endless loop would be
    }
    void tell(const Point&, double) override {}

private:
    std::string marker_;
};
}  // namespace

BOBENCH_PLUGIN(registrar) {
    registrar.add(OptimizerFactory{"plugin-throws-int", "throws 42 from ask() (a test plugin)", {},
                                   [](const OptimizerSetup&, const Args&) { return std::make_unique<ThrowsInt>(); }});
    registrar.add(OptimizerFactory{
        "plugin-stuck", "never returns from ask() (a test plugin)",
        {ParamSpec::text("marker", "", "file created when ask() is entered")},
        [](const OptimizerSetup&, const Args& args) { return std::make_unique<Stuck>(args.text("marker")); }});
}
