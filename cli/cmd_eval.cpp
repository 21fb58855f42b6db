// bobench eval PROBLEM_ID [--points FILE] [--seed S]
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <boost/program_options.hpp>

#include "core/error.hpp"
#include "core/text.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int eval(const Args& args) {
    po::options_description opts("bobench eval PROBLEM_ID [options]; points: one per line, comma-separated, native units");
    opts.add_options()("help,h", "show this help")("problem", po::value<std::string>(), "problem identifier")(
        "points", po::value<std::string>(), "file of points (default: standard input)")(
        "seed", po::value<std::string>()->default_value("1"), "seed of the problem's stream (noise)")(
        "data-dir", po::value<std::string>(), "folder of tabular benchmark data (default: $BOBENCH_DATA, else ./data)");
    const auto parsed = parse_words(args, opts, "problem", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("problem")) throw UserError("no problem given; usage: bobench eval PROBLEM_ID [--points FILE]");
    const std::string data = vm.count("data-dir") ? vm["data-dir"].as<std::string>() : "";
    const BoundProblem bound = bind_problem(cli::problem_catalog(), Identifier::parse(vm["problem"].as<std::string>()),
                                            {cli::data_dir(data)});
    const Space& space = bound.problem->space();

    std::ifstream file;
    std::istream* in = &std::cin;
    std::string source = "standard input";
    if (vm.count("points")) {
        source = vm["points"].as<std::string>();
        file.open(source);
        if (!file || std::filesystem::is_directory(source))
            throw UserError("cannot read points file '" + source + "'" +
                            (file ? ": it is a folder" : std::string(": ") + std::strerror(errno)));
        in = &file;
    }
    Rng rng(runners::parse_seed(vm["seed"].as<std::string>(), "--seed"));
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(*in, line)) {
        ++lineno;
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        Point x;
        for (const std::string& field : split(t, ',')) {
            double v;
            if (!parse_double(field, v))
                throw UserError(source + ":" + std::to_string(lineno) + ": '" + field + "' is not a number");
            x.push_back(v);
        }
        if (const std::string why = space.why_not_contains(x); !why.empty())
            throw UserError(source + ":" + std::to_string(lineno) + ": " + bound.id + ": " + why);
        std::cout << format_double17(bound.problem->evaluate(x, rng).value) << "\n";
    }
    if (in->bad()) throw UserError("cannot read " + source + ": " + std::strerror(errno));
    return 0;
}

}  // namespace bobench::cli
