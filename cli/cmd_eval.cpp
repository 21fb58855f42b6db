// bobench eval PROBLEM_ID [--points FILE] [--seed S]
// A session: points in, one value out per point, until the input ends (exit 0: closing the
// input is how a caller says it is done, as for cat or bc) or SIGINT/SIGTERM (130/143).
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <poll.h>
#include <sstream>
#include <unistd.h>

#include <boost/program_options.hpp>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/interrupt.hpp"
#include "core/text.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/plugins.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

namespace {
// The lines of a file or of standard input, read in poll() slices of 100 ms so that
// SIGINT/SIGTERM end a wait on a silent pipe or terminal at once (Interrupted), not when
// the writer closes it: the handlers restart a blocking read(). `out` is flushed before
// each wait, so that a program writing points and reading values in turn gets each value
// at once, while a file of points costs one write per buffer, not one per point.
class LineSource {
public:
    LineSource(int fd, std::string name, std::ostream& out) : fd_(fd), name_(std::move(name)), out_(out) {}
    bool next(std::string& line) {
        for (;;) {
            if (const std::size_t nl = buffer_.find('\n', scanned_); nl != std::string::npos) {
                line.assign(buffer_, 0, nl);
                buffer_.erase(0, nl + 1);
                scanned_ = 0;
                return true;
            }
            scanned_ = buffer_.size();
            if (ended_) {  // a last line without '\n'
                line = std::move(buffer_);
                buffer_.clear();
                scanned_ = 0;
                return !line.empty();
            }
            fill();
        }
    }

private:
    void fill() {
        pollfd ready{fd_, POLLIN, 0};
        int r = ::poll(&ready, 1, 0);
        if (r == 0) {
            out_.flush();
            r = ::poll(&ready, 1, 100);
        }
        if (stop_requested()) throw Interrupted{};
        if (r == 0 || (r < 0 && errno == EINTR)) return;
        char chunk[1 << 16];
        const ssize_t n = r < 0 ? -1 : ::read(fd_, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
        if (n < 0) throw UserError("cannot read " + name_ + ": " + std::strerror(errno));
        if (n == 0) ended_ = true;
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }

    int fd_;
    std::string name_, buffer_;
    std::ostream& out_;
    std::size_t scanned_ = 0;  // bytes of buffer_ known to hold no '\n'
    bool ended_ = false;
};

// A point's coordinates: comma-separated (spaces around a field allowed, an empty field is an
// error), or, on a line without a comma, separated by spaces or tabs as most tools write them.
std::vector<std::string> coordinate_fields(const std::string& line) {
    std::vector<std::string> fields;
    if (line.find(',') != std::string::npos) {
        for (const std::string& f : split(line, ',')) fields.push_back(trim(f));
        return fields;
    }
    std::istringstream words(line);
    for (std::string word; words >> word;) fields.push_back(word);
    return fields;
}

struct FdCloser {
    int fd;
    ~FdCloser() {
        if (fd > STDERR_FILENO) ::close(fd);
    }
};
}  // namespace

int eval(const Args& args) {
    po::options_description opts(
        "bobench eval PROBLEM_ID [options]; points: one per line, comma- or space-separated, native units; one value is\n"
        "printed per point until the input ends (exit status 0); Ctrl-C / SIGTERM stop at once (130 / 143)");
    opts.add_options()("help,h", "show this help")("problem", po::value<std::string>(), "problem identifier")(
        "points", po::value<std::string>(), "file of points (default: standard input)")(
        "seed", po::value<std::string>()->default_value("1"), "seed of the problem's stream (noise)")(
        "data-dir", po::value<std::string>(), "folder of tabular benchmark data (default: $BOBENCH_DATA, else ./data)");
    add_plugin_option(opts);
    const auto parsed = parse_words(args, opts, "problem", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("problem")) throw UserError("no problem given; usage: bobench eval PROBLEM_ID [--points FILE]");
    const std::string data = vm.count("data-dir") ? vm["data-dir"].as<std::string>() : "";
    std::vector<std::string> plugins;
    add_plugin_flags(vm, plugins);
    load_plugins(plugins);
    const BoundProblem bound = bind_problem(cli::problem_catalog(), Identifier::parse(vm["problem"].as<std::string>()),
                                            {cli::data_dir(data)});
    const Space& space = bound.problem->space();

    int fd = STDIN_FILENO;
    std::string source = "standard input";
    if (vm.count("points")) {
        source = vm["points"].as<std::string>();
        // opening a FIFO waits for a writer: a stream of points comes through standard input instead
        require_regular_file(source, "cannot read points file '" + source + "'");
        fd = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) throw UserError("cannot read points file '" + source + "': " + std::strerror(errno));
    }
    const FdCloser closer{fd};
    LineSource in(fd, source, std::cout);
    Rng rng(runners::parse_seed(vm["seed"].as<std::string>(), "--seed"));
    std::string line;
    std::size_t lineno = 0;
    while (in.next(line)) {
        ++lineno;
        const std::string t = trim(lineno == 1 ? without_utf8_bom(line) : line);  // as a CSV's first line
        if (t.empty() || t[0] == '#') continue;
        const std::string where = source + ":" + std::to_string(lineno) + ": ";
        Point x;
        for (const std::string& field : coordinate_fields(t)) {
            double v;
            // 1e-400 is refused as 1e400 is: read as 0 or inf, neither would be the point written
            // (what a program writes of a double is always in range)
            if (beyond_double_range(field)) {
                const std::size_t i = x.size();
                throw UserError(where + (i < space.size() ? space[i].name : "field " + std::to_string(i + 1)) + " = '" +
                                field + "' is outside a double's range (nonzero magnitudes 4.9e-324 to 1.8e308)");
            }
            if (!parse_double(field, v)) throw UserError(where + "'" + field + "' is not a number");
            x.push_back(v);
        }
        if (const std::string why = space.why_not_contains(x); !why.empty())
            throw UserError(where + bound.id + ": " + why);
        std::cout << format_double17(bound.problem->evaluate(x, rng).value) << "\n";
    }
    return 0;  // the end of the input is the end of the session, as for cat or bc
}

}  // namespace bobench::cli
