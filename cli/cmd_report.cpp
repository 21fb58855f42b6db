// bobench report FILE --html DIR: one self-contained HTML page, DIR/index.html
#include <filesystem>
#include <iostream>
#include <system_error>

#include <boost/program_options.hpp>

#include "analysis/reports/html_report.hpp"
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/folder_output.hpp"
#include "core/io.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

fs::path html_page(const std::string& dir, const std::string& results) {
    if (dir.empty()) throw UserError("--html is empty; give a folder for index.html");
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        throw UserError("--html '" + dir + "' is an existing file, not a folder; give a folder for index.html");
    check_output_file("--html", (fs::path(dir) / "index.html").string(), {{"results file", results}});
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw UserError("cannot create the folder '" + dir + "'" + (ec ? ": " + ec.message() : std::string()));
    return fs::path(dir) / "index.html";
}

int report(const Args& args) {
    po::options_description opts(
        "bobench report FILE --html DIR   one self-contained HTML page (DIR/index.html, inline SVG, no script, "
        "no network): provenance and spec, ranking (Borda, Firsts, Friedman mean ranks, CD diagram), final-regret "
        "tables, median regret curves per problem, runtime ECDFs, ERT table (as table --target)");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "results file")(
        "html", po::value<std::string>(), "folder for index.html (created when missing; an existing page is replaced)");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) throw UserError("no results file given; usage: bobench report FILE --html DIR");
    if (!vm.count("html")) throw UserError("--html DIR is required: the folder that receives index.html");
    const std::string file = vm["file"].as<std::string>();
    if (!fs::is_regular_file(file)) throw UserError("'" + file + "' is not a file; give a results file (.h5)");
    // read first: it says whether the file is another program's or a damaged one of ours
    const results::Results results = read_results_file(file, /*with_points=*/false, "report");
    FolderOutput folder(vm["html"].as<std::string>());  // a failed page leaves no folder it made
    const fs::path page = html_page(vm["html"].as<std::string>(), file);
    analysis::reports::HtmlReportOptions o;
    o.source = fs::path(file).filename().string();
    write_text_file(page.string(), analysis::reports::render_html_report(results, o));
    folder.keep();
    std::cout << page.string() << "\n";
    return 0;
}

}  // namespace bobench::cli
