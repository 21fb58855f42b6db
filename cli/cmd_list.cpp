// bobench list optimizers|problems
#include <iostream>

#include "core/error.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"

namespace bobench::cli {

template <class Factory>
static void print(const Registry<Factory>& registry) {
    for (const Factory& f : registry.entries()) {
        std::cout << f.name << "\n    " << f.description << "\n";
        for (const ParamSpec& p : f.params)
            std::cout << "    " << p.key << " = " << (p.required ? "(required)" : p.default_value) << "    " << p.help
                      << " (" << p.accepted() << ")\n";
    }
}

int list(const Args& args) {
    const std::string what = args.empty() ? "" : args[0];
    if (args.size() != 1 || (what != "optimizers" && what != "problems"))
        throw UserError("usage: bobench list optimizers|problems");
    if (what == "optimizers") print(cli::optimizer_catalog());
    else print(cli::problem_catalog());
    return 0;
}

}  // namespace bobench::cli
