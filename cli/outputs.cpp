// check_output_file: the one guard between a command's output and the files it reads.
#include <filesystem>
#include <fstream>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/ini.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "hdf5/hdf5.hpp"
#include "results/lock.hpp"

namespace bobench::cli {

namespace {
namespace fs = std::filesystem;

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);  // hard links too
    return results::resolved_output(a) == results::resolved_output(b);            // one of them is still to be written
}

// A spec has one of these section lines, and before it only lines INI allows. A report may
// quote a spec (the HTML page shows the stored one), but its first line is no INI line
// ("<!DOCTYPE html>", a Markdown title), so regenerating a report over itself is not refused.
bool is_spec(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    for (int n = 0; n < 10000 && std::getline(in, line); ++n) {
        const IniLine l = read_ini_line(n == 0 ? std::string(without_utf8_bom(line)) : line);  // as parse_ini reads it
        if (!l.valid) return false;
        const std::string& t = l.content;
        if (t == "[experiment]" || t == "[problems]" || t == "[optimizers]" || t == "[reproduction]") return true;
    }
    return false;
}
}  // namespace

void check_output_file(const std::string& option, const std::string& path, const std::vector<InputFile>& inputs) {
    for (const InputFile& in : inputs)
        if (same_file(path, in.path))
            throw UserError(option + " '" + path + "' is the " + in.what + " '" + in.path +
                            "' this command reads; writing it would destroy it (choose another " + option + ")");
    std::error_code ec;
    if (!fs::is_directory(path, ec))  // a folder output (coco logs) is the caller's to check
        require_regular_file(path, "cannot write " + option + " '" + path + "'");  // before any work: a pipe, /dev/null
    if (!fs::is_regular_file(path, ec)) return;  // new, or a folder
    const char* kind = h5::is_hdf5(path)  ? "HDF5 file (a results file or a benchmark table)"
                       : is_spec(path) ? "experiment spec"
                                       : nullptr;
    if (kind)
        throw UserError(option + " '" + path + "' is an existing " + kind +
                        "; a command's output never replaces one (choose another " + option + ", or remove the file first)");
}

}  // namespace bobench::cli
