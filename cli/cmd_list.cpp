// bobench list optimizers|problems [--names]
#include <iostream>

#include <boost/program_options.hpp>

#include "core/error.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/plugins.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

// `names`: the canonical ids alone, one a line, for scripts.
template <class Factory>
static void print(const Registry<Factory>& registry, bool names) {
    for (const Factory& f : registry.entries()) {
        if (names) {
            std::cout << f.name << "\n";
            continue;
        }
        std::cout << f.name << "\n    " << f.description << "\n";
        for (const ParamSpec& p : f.params)
            std::cout << "    " << p.key << " = " << (p.required ? "(required)" : p.default_value) << "    " << p.help
                      << " (" << p.accepted() << ")\n";
    }
}

int list(const Args& args) {
    po::options_description opts("bobench list optimizers|problems [--names]   every entry with its description, "
                                 "parameters, defaults and accepted values");
    opts.add_options()("help,h", "show this help")("what", po::value<std::string>(), "optimizers or problems")(
        "names", "only the canonical ids, one a line (for scripts)");
    add_plugin_option(opts);
    const auto parsed = parse_words(args, opts, "what", 1);
    if (!parsed) return 0;  // --help was printed
    const std::string what = parsed->count("what") ? (*parsed)["what"].as<std::string>() : "";
    if (what != "optimizers" && what != "problems") throw UserError("usage: bobench list optimizers|problems");
    std::vector<std::string> plugins;
    add_plugin_flags(*parsed, plugins);
    load_plugins(plugins);
    const bool names = parsed->count("names") > 0;
    if (what == "optimizers") print(cli::optimizer_catalog(), names);
    else print(cli::problem_catalog(), names);
    return 0;
}

}  // namespace bobench::cli
