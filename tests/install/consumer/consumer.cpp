// Evaluates Branin through the installed library's problem catalog and prints the value
// with 17 significant digits, as `bobench eval` does.
#include <cstdio>

#include "cli/catalog.hpp"
#include "core/params.hpp"
#include "core/text.hpp"

int main() {
    using namespace bobench;
    const BoundProblem p = bind_problem(cli::problem_catalog(), Identifier::parse("branin"));
    Rng rng(1);
    const Evaluation e = p.problem->evaluate(Point{3.14159265358979, 2.275}, rng);
    std::printf("%s\n", format_double17(e.value).c_str());
    return 0;
}
