#include "analysis/reports/gnuplot.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

extern char** environ;

namespace bobench::analysis::reports {

namespace fs = std::filesystem;

std::string find_program(const std::string& program, const std::string& path_list) {
    for (const std::string& dir : split(path_list, ':')) {
        if (dir.empty()) continue;
        const fs::path candidate = fs::path(dir) / program;
        std::error_code ec;
        if (fs::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
    return {};
}

std::string locate_gnuplot(const std::string& program, const std::optional<std::string>& search_path) {
    const char* env_path = std::getenv("PATH");
    const std::string path_list = search_path ? *search_path : std::string(env_path ? env_path : "");
    const std::string gnuplot = program.find('/') != std::string::npos ? program : find_program(program, path_list);
    if (gnuplot.empty() || ::access(gnuplot.c_str(), X_OK) != 0) {
        throw UserError("gnuplot is not installed (apt-get install gnuplot-nox) or '" + program +
                        "' is not on PATH; `bobench export FILE --curves` writes the same curves as CSV for other "
                        "plotting tools");
    }
    return gnuplot;
}

fs::path make_output_folder(const std::string& dir) {
    if (dir.empty()) throw UserError("--out is empty; give a folder for the plots");
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw UserError("cannot create the output folder '" + dir + "'" + (ec ? ": " + ec.message() : std::string()));
    return fs::absolute(dir);
}

std::string gp_string(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::string slug(const std::string& label) {
    std::string out;
    for (char c : label) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_') out += c;
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? "plot" : out;
}

std::string unique_stem(const std::string& label, std::set<std::string>& taken) {
    std::string base;
    for (char c : label)
        base += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_') ? c : '_';
    if (base.empty()) base = "problem";
    std::string stem = base;
    for (int n = 2; taken.count(stem); ++n) stem = base + "-" + std::to_string(n);
    taken.insert(stem);
    return stem;
}

std::string png_and_svg(const std::string& plot_command, const std::string& png, const std::string& svg, int width,
                        int height) {
    const std::string size = std::to_string(width) + "," + std::to_string(height);
    return "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size " + size +
           " } else { set terminal png size " + size + " }\nset output " + gp_string(png) + "\n" + plot_command +
           "\nset terminal svg size " + size + " dynamic\nset output " + gp_string(svg) + "\nreplot\nset output\n";
}

namespace {
std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// Runs `program script` in the folder `cwd`, its output in `log` (absolute paths).
int run_program(const std::string& program, const std::string& script, const std::string& log, const fs::path& cwd) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    std::string arg0 = program, arg1 = script;
    char* argv[] = {arg0.data(), arg1.data(), nullptr};
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start '" + program + "': " + std::strerror(rc));
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) throw std::runtime_error("waiting for '" + program + "' failed");
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
}  // namespace

namespace {
// Whether `file`, drawn for `output`, ends as a whole PNG (its IEND chunk) or SVG (its
// closing tag) does: gnuplot exits 0 after a write that failed (a full disk), leaving the
// file cut short.
bool complete(const std::string& file, const std::string& output) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    const std::streamoff tail = std::min<std::streamoff>(size, 64);
    std::string end(static_cast<std::size_t>(tail), '\0');
    in.seekg(size - tail);
    if (!in.read(end.data(), tail)) return false;
    const std::string extension = fs::path(output).extension().string();
    if (extension == ".png") return end.size() >= 12 && end.compare(end.size() - 12, 12, "\0\0\0\0IEND\xae\x42\x60\x82", 12) == 0;
    const std::string last = trim(end);
    if (extension == ".svg") return last.size() >= 6 && last.compare(last.size() - 6, 6, "</svg>") == 0;
    return size > 0;
}
}  // namespace

void run_gnuplot(const std::string& gnuplot, const fs::path& dir, const std::string& script_name,
                 const std::string& script, const std::vector<std::string>& outputs) {
    // the files of the folder are named relative to it, and gnuplot runs there: the script
    // works wherever the folder is moved, and a report regenerated in another checkout
    // writes the same bytes
    const fs::path folder = fs::absolute(dir);
    const std::string script_path = (folder / script_name).string();
    const std::string quoted_folder = std::string("'").append((folder / "").string());
    for (const std::string& f : outputs) require_regular_file(f, "cannot write '" + f + "'");  // renamed over, not written to
    write_text_file(script_path, replace_all(script, quoted_folder, "'"));
    // gnuplot draws into temporaries, renamed once each is whole: a plot is complete or absent
    std::string drawing = script;
    for (const std::string& f : outputs) {
        if (drawing.find(gp_string(f)) == std::string::npos)
            throw std::logic_error("run_gnuplot: the script does not write '" + f + "'");
        drawing = replace_all(drawing, gp_string(f), gp_string(temporary_path(f)));
    }
    const std::string run_name = temporary_path(script_name), run_path = (folder / run_name).string();
    const auto remove_temporaries = [&] {
        std::error_code ec;
        fs::remove(run_path, ec);
        for (const std::string& f : outputs) fs::remove(temporary_path(f), ec);
    };
    try {
        write_text_file(run_path, replace_all(drawing, quoted_folder, "'"));
        const std::string log = (folder / "gnuplot.log").string();
        const int status = run_program(gnuplot, run_path, log, folder);
        std::ifstream in(log);
        std::ostringstream read;
        read << in.rdbuf();
        const std::string messages = trim(replace_all(read.str(), run_name, script_name));
        if (status != 0)
            throw std::runtime_error("gnuplot failed (exit status " + std::to_string(status) + ") on '" + script_path +
                                     "': " + messages);
        for (const std::string& f : outputs) {
            if (!fs::exists(temporary_path(f))) throw std::runtime_error("gnuplot did not write '" + f + "': " + messages);
            if (!complete(temporary_path(f), f))
                throw std::runtime_error("cannot write '" + f + "': gnuplot left it incomplete (a full disk?)" +
                                         (messages.empty() ? std::string() : ": " + messages));
        }
        for (const std::string& f : outputs)
            if (::rename(temporary_path(f).c_str(), f.c_str()) != 0)
                throw std::runtime_error("cannot write '" + f + "': " + std::strerror(errno));
    } catch (...) {
        remove_temporaries();
        throw;
    }
    remove_temporaries();
}

}  // namespace bobench::analysis::reports
