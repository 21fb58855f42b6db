#pragma once
// Running gnuplot for the plots of the reports: it is a child process (optional at run
// time, bobench does not link it); each plot command writes a script into its output
// folder and runs it once, gnuplot's messages going to <folder>/gnuplot.log.
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bobench::analysis::reports {

// The full path of `program` found in the ':'-separated `path_list`, or "" when absent.
std::string find_program(const std::string& program, const std::string& path_list);

// `program` itself when it holds a '/', else its path on `search_path` (the environment's
// PATH when unset). UserError naming the Debian package when it cannot be found.
std::string locate_gnuplot(const std::string& program, const std::optional<std::string>& search_path);

// Creates `dir` (and its parents); its absolute path. UserError when that fails.
std::filesystem::path make_output_folder(const std::string& dir);

// gnuplot single-quoted string: only the quote itself needs doubling.
std::string gp_string(const std::string& s);

// A plot's file name from a label: letters, digits, '.' and '_' kept, every run of other
// characters one '-', none at either end ("(missing)" -> "missing", "d = 2" -> "d-2");
// "plot" when nothing is left.
std::string slug(const std::string& label);

// A file name stem from a label (characters other than letters, digits, '-', '.', '_'
// become '_'), made unique among `taken` by a suffix; added to `taken`.
std::string unique_stem(const std::string& label, std::set<std::string>& taken);

// The lines that draw `plot_command` into a PNG (pngcairo when available) and an SVG.
std::string png_and_svg(const std::string& plot_command, const std::string& png, const std::string& svg,
                        int width = 960, int height = 640);


// Writes `script` to <dir>/<script_name>, the paths of files in `dir` made relative to it,
// and runs gnuplot on it in `dir`, drawing each of `outputs` (absolute paths, each named in
// the script) into a temporary that replaces it once it is whole; std::runtime_error with
// gnuplot's messages when it fails or leaves any of `outputs` unwritten or incomplete (a
// full disk), and then no output is replaced.
void run_gnuplot(const std::string& gnuplot, const std::filesystem::path& dir, const std::string& script_name,
                 const std::string& script, const std::vector<std::string>& outputs);

}  // namespace bobench::analysis::reports
