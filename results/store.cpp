#include "results/store.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <filesystem>
#include <span>
#include <type_traits>
#include <unistd.h>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "hdf5/hdf5.hpp"
#include "results/checksum.hpp"
#include "results/lock.hpp"
#include "results/parallel_file.hpp"
#include "results/spill.hpp"

namespace bobench::results {

using nlohmann::json;

void Results::sort_runs() {
    std::sort(runs.begin(), runs.end(), [](const Trace& a, const Trace& b) { return a.key < b.key; });
}

int Results::find_problem(const std::string& id) const {
    for (std::size_t i = 0; i < problems.size(); ++i)
        if (problems[i].id == id) return static_cast<int>(i);
    return -1;
}

int Results::find_optimizer(const std::string& id) const {
    for (std::size_t i = 0; i < optimizers.size(); ++i)
        if (optimizers[i].id == id) return static_cast<int>(i);
    return -1;
}

std::string policy_name(FailurePolicy p) { return p == FailurePolicy::Penalty ? "penalty" : "skip"; }

FailurePolicy parse_policy(const std::string& name, const std::string& origin) {
    if (name == "penalty") return FailurePolicy::Penalty;
    if (name == "skip") return FailurePolicy::Skip;
    throw UserError(origin + ": on_failure = '" + name + "' is not valid; expected penalty or skip");
}

bool is_results_file(const std::string& path) {
    if (!h5::is_hdf5(path)) return false;
    try {
        h5::Handle file = h5::open_file(path);
        return h5::has_attribute(file.get(), "format") &&
               h5::read_string_attribute(file.get(), "format") == store_format;
    } catch (const std::exception&) {
        return false;
    }
}

bool is_values_only(const std::string& path) {
    if (!is_results_file(path)) return false;
    h5::Handle file = h5::open_file(path);
    return h5::has_attribute(file.get(), "points");  // read_results checks what it says
}

static json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }
static std::optional<double> optional_number(const json& j) {
    return j.is_null() ? std::nullopt : std::optional<double>(j.get<double>());
}

static json fidelity_json(const Fidelity& f) {
    return {{"name", f.name}, {"lowest", f.lowest}, {"full", f.full}, {"integer", f.integer}};
}
static std::optional<Fidelity> fidelity_of(const json& problem) {
    const auto it = problem.find("fidelity");
    if (it == problem.end() || it->is_null()) return std::nullopt;
    return Fidelity{it->at("name"), it->at("lowest"), it->at("full"), it->at("integer")};
}

static UserError damaged(const std::string& path, const std::string& why) {
    return UserError("'" + path + "' is damaged: " + why);
}

static void require_rows(const std::string& path, const std::string& name, std::size_t rows, const std::string& ref,
                         std::size_t ref_rows) {
    if (rows != ref_rows)
        throw damaged(path, name + " has " + std::to_string(rows) + " rows, " + ref + " has " + std::to_string(ref_rows));
}

// The checksums attribute (store.hpp): {"name": CRC-32, ...} of every dataset ("/evals/value")
// and text attribute ("spec") of the file. The CRCs are of the values as read (a column's
// native bytes, front to back; a text's bytes): a dataset or attribute is checked after
// HDF5 decoded it, so damage to its data or to how it is stored shows alike.
static_assert(std::endian::native == std::endian::little,
              "the checksums are of native bytes, which are the file's (little-endian) only here");

namespace {
template <class T>
std::uint32_t crc32_of(const std::vector<T>& values, int threads, ParallelCpu& cpu) {
    const ColumnParts<T> one_part{{values.size()}, [&](std::size_t, std::size_t from, std::size_t n) {
                                      return std::span<const T>(values).subspan(from, n);
                                  }};
    return crc32_of_column(one_part, threads, cpu);
}

// A text as HDF5 stores it: a C string, up to its first NUL.
std::uint32_t crc32_of_text(const std::string& text, std::uint32_t crc = 0) {
    return crc32(text.c_str(), std::strlen(text.c_str()), crc);
}

// Each text's length (8 bytes) and bytes: texts that differ only in where one ends and the
// next begins differ.
std::uint32_t crc32_of(const std::vector<std::string>& texts) {
    std::uint32_t crc = 0;
    for (const std::string& text : texts) {
        const std::uint64_t length = std::strlen(text.c_str());
        crc = crc32_of_text(text, crc32(&length, sizeof length, crc));
    }
    return crc;
}

// Reads the checksums of a file written with them and checks what is read against them. A
// file written before them (no checksums attribute) is read unchecked, as it always was.
class Checksums {
public:
    Checksums(hid_t f, const std::string& path) : path_(path) {
        if (!h5::has_attribute(f, "checksums")) return;
        sums_ = json::parse(h5::read_string_attribute(f, "checksums"), nullptr, false);
        if (!sums_.is_object() || !std::all_of(sums_.begin(), sums_.end(), [](const json& v) {
                return v.is_number_unsigned() && v.get<std::uint64_t>() <= 0xffffffffu;
            }))
            throw damaged(path, "its checksums attribute is not a JSON object of CRC-32s");
    }

    // The text attribute `name`, checked.
    std::string text(hid_t f, const char* name) const {
        std::string value = h5::read_string_attribute(f, name);
        check(name, crc32_of_text(value), "its attribute '" + std::string(name) + "'");
        return value;
    }
    // The attribute `name`, or "" where it is absent.
    std::string optional_text(hid_t f, const char* name) const {
        return h5::has_attribute(f, name) ? text(f, name) : std::string();
    }
    // The dataset `name` (a path from the root: "/evals/value"), checked.
    template <class T>
    std::vector<T> column(hid_t f, const std::string& name) const {
        std::vector<T> values = h5::read_vector<T>(f, name);
        if (!sums_.is_null()) {
            ParallelCpu unused;
            check(name, crc32_of(values, 0, unused), name);
        }
        return values;
    }
    // The strings of dataset `name`, checked.
    std::vector<std::string> texts(hid_t f, const std::string& name) const {
        std::vector<std::string> values = h5::read_strings(f, name);
        check(name, crc32_of(values), name);
        return values;
    }

private:
    void check(const std::string& name, std::uint32_t crc, const std::string& what) const {
        if (sums_.is_null()) return;
        const auto it = sums_.find(name);
        if (it == sums_.end()) throw damaged(path_, "its checksums attribute has none for " + what);
        if (it->get<std::uint64_t>() != crc)
            throw damaged(path_, what + " does not match its checksum: its bytes changed after it was written "
                                        "(a failing disk or a bad copy); use a good copy of the file");
    }

    std::string path_;
    json sums_;  // null: a file written without checksums
};
}  // namespace

// The mark of a values-only copy (store.hpp): the points attribute's one valid value.
static constexpr const char* points_dropped_mark = "dropped";

// Whether the file is a values-only copy; a points attribute of another value (or not
// text, which read_string_attribute refuses) is damage.
static bool points_dropped(hid_t f, const std::string& path, const Checksums& sums) {
    if (!h5::has_attribute(f, "points")) return false;
    const std::string mark = sums.text(f, "points");
    if (mark != points_dropped_mark)
        throw damaged(path, "its points attribute is '" + mark + "'; a results file has none, or points = \"" +
                                points_dropped_mark + "\" (a values-only copy, `bobench keep`)");
    return true;
}

// The mark of a values-only copy whose every true value is its value (noise-free problems):
// the true_value attribute's one valid value, /evals/true_value then left out.
static constexpr const char* true_value_mark = "value";

// The attributes: provenance, spec, seed, budget, policy, shard, problems and optimizers.
static Results read_attributes(hid_t f, const std::string& path, const Checksums& sums) {
    const auto version = h5::read_int_attribute(f, "format_version");
    if (version > store_format_version)
        throw UserError("'" + path + "' has format version " + std::to_string(version) +
                        "; this bobench reads up to version " + std::to_string(store_format_version));
    Results r;
    r.bobench_version = sums.text(f, "bobench_version");
    r.git_revision = sums.text(f, "git_revision");
    r.provenance = {sums.optional_text(f, "timestamp"), sums.optional_text(f, "host"),
                    sums.optional_text(f, "compiler"), sums.optional_text(f, "dependencies"),
                    sums.optional_text(f, "command_line"), sums.optional_text(f, "plugins")};
    if (!r.provenance.plugins.empty()) {  // merge and resume compare the plugins by it
        const json plugins = json::parse(r.provenance.plugins, nullptr, false);
        if (!plugins.is_array() || !std::all_of(plugins.begin(), plugins.end(), [](const json& p) {
                return p.is_object() && p.contains("file") && p["file"].is_string() && p.contains("fnv1a64") &&
                       p["fnv1a64"].is_string();
            }))
            throw damaged(path, "its plugins attribute is not a JSON list of {file, fnv1a64}");
    }
    r.spec = sums.text(f, "spec");
    r.seed = static_cast<std::uint64_t>(std::stoull(sums.text(f, "seed")));
    r.budget = static_cast<long>(h5::read_int_attribute(f, "budget"));
    r.on_failure = parse_policy(sums.text(f, "on_failure"), "'" + path + "'");
    r.shard = sums.optional_text(f, "shard");
    r.points_dropped = points_dropped(f, path, sums);
    if (h5::has_attribute(f, "trace")) r.trace = parse_trace_policy(sums.text(f, "trace"), "'" + path + "'");
    if (h5::has_attribute(f, "trace_points")) {
        if (sums.text(f, "trace_points") != "no")
            throw damaged(path, "its trace_points attribute is not \"no\" (the only value it is written with)");
        r.trace_points = false;
    }
    for (const json& p : json::parse(sums.text(f, "problems")))
        r.problems.push_back({p.at("label"), p.at("id"), p.at("params"), optional_number(p.at("optimum")),
                              optional_number(p.at("test_optimum")), p.at("metadata"), fidelity_of(p)});
    for (const json& o : json::parse(sums.text(f, "optimizers")))
        r.optimizers.push_back({o.at("label"), o.at("id")});
    return r;
}

namespace {
// The /runs table and the /evals columns as stored, every length checked against
// /runs/problem and /evals/value.
struct StoredColumns {
    std::vector<std::int32_t> problem, optimizer, replicate;
    std::vector<std::uint64_t> pseed, oseed;
    std::vector<double> seconds;
    std::vector<std::int64_t> offset, count, x_offset;
    std::vector<std::string> notes;
    std::vector<double> value, true_value, cost, test_value, x, fidelity;
    std::vector<std::uint8_t> failed;
    // files of a trace policy but `all`: each row's evaluation, each run's evaluations and failures
    std::vector<std::int64_t> evaluation, evaluations, failed_evals;
    bool has_fidelity = false;  // older files and single-fidelity experiments lack it
    bool points_dropped = false;  // a values-only copy: no /evals/x, the runs' x_offset unread
    bool no_points = false;       // the same, or trace_points = no
    std::uint64_t x_rows = 0;

    StoredColumns(hid_t f, const std::string& path, bool with_points, const Results& r, const Checksums& sums)
        : points_dropped(r.points_dropped), no_points(r.points_dropped || !r.trace_points) {
        h5::Handle evals = h5::open_group(f, "evals");
        problem = sums.column<std::int32_t>(f, "/runs/problem");
        optimizer = sums.column<std::int32_t>(f, "/runs/optimizer");
        replicate = sums.column<std::int32_t>(f, "/runs/replicate");
        pseed = sums.column<std::uint64_t>(f, "/runs/problem_seed");
        oseed = sums.column<std::uint64_t>(f, "/runs/optimizer_seed");
        seconds = sums.column<double>(f, "/runs/seconds");
        offset = sums.column<std::int64_t>(f, "/runs/eval_offset");
        count = sums.column<std::int64_t>(f, "/runs/eval_count");
        x_offset = sums.column<std::int64_t>(f, "/runs/x_offset");
        notes = sums.texts(f, "/runs/notes");
        value = sums.column<double>(f, "/evals/value");
        read_true_values(f, evals.get(), path, sums);
        cost = sums.column<double>(f, "/evals/cost");
        test_value = sums.column<double>(f, "/evals/test_value");
        failed = sums.column<std::uint8_t>(f, "/evals/failed");
        has_fidelity = h5::exists(evals.get(), "fidelity");
        if (has_fidelity) fidelity = sums.column<double>(f, "/evals/fidelity");
        read_points(f, evals.get(), path, with_points, sums);
        const bool rows_are_evaluations = r.trace == TracePolicy::all;
        if (!rows_are_evaluations) {
            evaluation = sums.column<std::int64_t>(f, "/evals/evaluation");
            evaluations = sums.column<std::int64_t>(f, "/runs/evaluations");
            failed_evals = sums.column<std::int64_t>(f, "/runs/failed_evals");
        }

        const std::size_t n = problem.size(), m = value.size();
        const std::string runs_ref = "/runs/problem";
        require_rows(path, "/runs/optimizer", optimizer.size(), runs_ref, n);
        require_rows(path, "/runs/replicate", replicate.size(), runs_ref, n);
        require_rows(path, "/runs/problem_seed", pseed.size(), runs_ref, n);
        require_rows(path, "/runs/optimizer_seed", oseed.size(), runs_ref, n);
        require_rows(path, "/runs/seconds", seconds.size(), runs_ref, n);
        require_rows(path, "/runs/eval_offset", offset.size(), runs_ref, n);
        require_rows(path, "/runs/eval_count", count.size(), runs_ref, n);
        require_rows(path, "/runs/x_offset", x_offset.size(), runs_ref, n);
        require_rows(path, "/runs/notes", notes.size(), runs_ref, n);
        require_rows(path, "/evals/true_value", true_value.size(), "/evals/value", m);
        require_rows(path, "/evals/cost", cost.size(), "/evals/value", m);
        require_rows(path, "/evals/test_value", test_value.size(), "/evals/value", m);
        require_rows(path, "/evals/failed", failed.size(), "/evals/value", m);
        if (has_fidelity) require_rows(path, "/evals/fidelity", fidelity.size(), "/evals/value", m);
        if (!rows_are_evaluations) {
            require_rows(path, "/evals/evaluation", evaluation.size(), "/evals/value", m);
            require_rows(path, "/runs/evaluations", evaluations.size(), runs_ref, n);
            require_rows(path, "/runs/failed_evals", failed_evals.size(), runs_ref, n);
        }
    }

    // /evals/true_value, or in a values-only copy marked true_value = "value" the values again
    void read_true_values(hid_t f, hid_t evals, const std::string& path, const Checksums& sums) {
        if (!h5::has_attribute(f, "true_value")) {
            true_value = sums.column<double>(f, "/evals/true_value");
            return;
        }
        const std::string mark = sums.text(f, "true_value");
        const std::string said = "it says true_value = \"" + mark + "\"";
        if (mark != true_value_mark || !points_dropped)
            throw damaged(path, said + "; only a values-only copy (points = \"" + points_dropped_mark +
                                    "\") has that attribute, and only as true_value = \"" + true_value_mark + "\"");
        if (h5::exists(evals, "true_value")) throw damaged(path, said + " but holds /evals/true_value");
        true_value = value;
    }

    // /evals/x (its length; the values too `with_points`), which a values-only copy lacks
    void read_points(hid_t f, hid_t evals, const std::string& path, bool with_points, const Checksums& sums) {
        if (no_points) {
            if (h5::exists(evals, "x"))
                throw damaged(path, "it says " +
                                        std::string(points_dropped ? "points = \"dropped\"" : "trace_points = \"no\"") +
                                        " but holds /evals/x");
            return;
        }
        if (with_points) x = sums.column<double>(f, "/evals/x");
        const std::vector<hsize_t> x_shape = h5::shape(evals, "x");
        if (x_shape.size() != 1) throw damaged(path, "/evals/x is not a 1-D dataset");
        x_rows = static_cast<std::uint64_t>(x_shape[0]);
    }
};
}  // namespace

// Run i of the stored columns as a trace, its keys and offsets checked before they are used.
static Trace stored_trace(const StoredColumns& s, std::size_t i, const Results& r, const std::string& path,
                          bool with_points) {
    Trace t;
    t.key = {s.problem[i], s.optimizer[i], s.replicate[i]};
    const auto where = [&](const std::string& what) { return damaged(path, "run " + std::to_string(i) + " " + what); };
    if (t.key.problem < 0 || t.key.problem >= static_cast<int>(r.problems.size()) || t.key.optimizer < 0 ||
        t.key.optimizer >= static_cast<int>(r.optimizers.size()) || t.key.replicate < 0)
        throw where("names a problem, optimizer or replicate outside the tables");
    const std::uint64_t m = s.value.size();
    const auto b = s.offset[i], c = s.count[i], xb = s.x_offset[i];
    if (b < 0 || c < 0 || static_cast<std::uint64_t>(b) > m || static_cast<std::uint64_t>(c) > m - static_cast<std::uint64_t>(b))
        throw where("has evaluations " + std::to_string(b) + " + " + std::to_string(c) + " beyond /evals/value (" +
                    std::to_string(m) + " rows)");
    const ProblemInfo& problem = r.problems[static_cast<std::size_t>(t.key.problem)];
    const std::uint64_t xn = static_cast<std::uint64_t>(c) * problem.dimension();
    if (!s.no_points && (xb < 0 || static_cast<std::uint64_t>(xb) > s.x_rows || xn > s.x_rows - static_cast<std::uint64_t>(xb)))
        throw where("has points " + std::to_string(xb) + " + " + std::to_string(xn) + " beyond /evals/x (" +
                    std::to_string(s.x_rows) + " values)");
    t.problem_seed = s.pseed[i];
    t.optimizer_seed = s.oseed[i];
    t.seconds = s.seconds[i];
    t.notes = s.notes[i];
    const auto e = b + c;
    t.value.assign(s.value.begin() + b, s.value.begin() + e);
    t.true_value.assign(s.true_value.begin() + b, s.true_value.begin() + e);
    t.cost.assign(s.cost.begin() + b, s.cost.begin() + e);
    t.test_value.assign(s.test_value.begin() + b, s.test_value.begin() + e);
    t.failed.assign(s.failed.begin() + b, s.failed.begin() + e);
    if (with_points && !s.no_points) t.x.assign(s.x.begin() + xb, s.x.begin() + xb + static_cast<std::int64_t>(xn));
    if (!s.evaluation.empty() || !s.evaluations.empty()) {  // a trace policy's rows
        t.evaluation_index.assign(s.evaluation.begin() + b, s.evaluation.begin() + e);
        const std::int64_t total = s.evaluations[i], failures = s.failed_evals[i];
        t.total_evaluations = static_cast<std::size_t>(std::max<std::int64_t>(total, 0));
        t.total_failures = static_cast<std::size_t>(std::max<std::int64_t>(failures, 0));
        if (total < 0 || failures < 0 || !t.rows_in_order())
            throw where("has rows that are not evaluations 1 to " + std::to_string(total) + " in order");
    }
    // runs recorded without fidelities (NaN: written before their problem had one) stay
    // single-fidelity: every evaluation counts as full
    const auto& f = problem.fidelity;
    if (f && s.has_fidelity &&
        std::any_of(s.fidelity.begin() + b, s.fidelity.begin() + e, [](double v) { return !std::isnan(v); })) {
        t.full_fidelity = f->full;
        t.fidelity.assign(s.fidelity.begin() + b, s.fidelity.begin() + e);
    }
    return t;
}

Results read_results(const std::string& path, bool with_points) {
    if (!std::filesystem::exists(path)) throw UserError("results file '" + path + "' does not exist");
    const UserError not_ours("'" + path + "' is not a bobench results file (no format = \"" + std::string(store_format) +
                             "\" attribute); it was not written by `bobench run`");
    if (!h5::is_hdf5(path)) throw not_ours;
    h5::Handle file;
    try {
        file = h5::open_file(path);  // fails on a truncated file, whose signature is still there
    } catch (const std::exception& e) {
        throw damaged(path, std::string(e.what()) + " (truncated or overwritten?)");
    }
    const hid_t f = file.get();
    try {
        if (!h5::has_attribute(f, "format")) throw not_ours;
        const Checksums sums(f, path);
        if (sums.text(f, "format") != store_format) throw not_ours;
        Results r = read_attributes(f, path, sums);
        if (r.points_dropped && with_points)
            throw UserError("'" + path + "' holds no points: they were dropped (points = \"" + points_dropped_mark +
                            "\", a values-only copy written by `bobench keep`), and this needs the evaluated points; "
                            "use the full results file it was copied from");
        const StoredColumns stored(f, path, with_points, r, sums);
        r.runs.resize(stored.problem.size());
        for (std::size_t i = 0; i < r.runs.size(); ++i) r.runs[i] = stored_trace(stored, i, r, path, with_points);
        return r;
    } catch (const UserError&) {
        throw;
    } catch (const std::exception& e) {  // a missing dataset or attribute, JSON that does not parse ...
        throw damaged(path, e.what());
    }
}

// The results file: HDF5 builds it in memory (h5::build_memory_file), so the disk is touched
// only by write_file_replacing, whose every step is checked (HDF5 writing a file itself
// cannot report a full disk cleanly: its close then fails and its cleanup at exit
// crashes). The image HDF5 writes holds the metadata, the per-run table and the compressed
// columns; the uncompressed columns (value, true_value, x: most of the bytes) are left
// unfilled in it (holes, no memory) and copied into the file by the threads, straight from
// the traces or from where a job parked them.
struct ResultsFile {
    h5::FileImage image;
    std::vector<FilePiece> pieces;  // the image's bytes and every run's slices of the unfilled columns
};

// The pages HDF5 wrote of `image` less the parts that lie in `unfilled` (where it wrote
// nothing, though a page it wrote may reach into them), and nothing beyond the file's end.
static void add_image(std::vector<FilePiece>& pieces, const h5::FileImage& image, std::vector<FilePiece> unfilled) {
    std::sort(unfilled.begin(), unfilled.end(), [](const FilePiece& a, const FilePiece& b) { return a.offset < b.offset; });
    for (const auto& page_and_bytes : image.pages) {
        const std::uint64_t page = page_and_bytes.first;
        const char* const bytes = page_and_bytes.second.get();
        std::uint64_t from = page;
        const std::uint64_t to = std::min<std::uint64_t>(page + h5::FileImage::page_size, image.file_size);
        const auto piece = [&](std::uint64_t end) {
            if (end > from) pieces.push_back({from, bytes + (from - page), static_cast<std::size_t>(end - from)});
        };
        for (const FilePiece& u : unfilled) {
            if (u.offset >= to) break;
            if (u.offset + u.size <= from) continue;
            piece(u.offset);
            from = std::max(from, u.offset + u.size);
        }
        piece(to);
    }
}

// Whether a values-only copy of `r` leaves /evals/true_value out: every evaluation's true
// value is its value, bit for bit (noise-free problems).
static bool true_values_are_values(const Results& r) {
    return r.points_dropped && std::all_of(r.runs.begin(), r.runs.end(), [](const Trace& t) {
               return t.true_value.size() == t.value.size() &&
                      (t.value.empty() || std::memcmp(t.value.data(), t.true_value.data(), t.value.size() * sizeof(double)) == 0);
           });
}

// The attributes read_attributes reads (and StoredColumns the true_value mark).
static void write_attributes(hid_t f, const Results& r, bool true_values_left_out, json& sums) {
    const auto text = [&](const char* name, const std::string& value) {
        h5::write_fixed_attribute(f, name, value);
        sums[name] = crc32_of_text(value);
    };
    text("format", store_format);
    // version 2 where nothing of version 3 is used: such files read in builds from before it
    const bool version3 = r.trace != TracePolicy::all || !r.trace_points;
    h5::write_attribute(f, "format_version", std::int64_t{version3 ? 3 : 2});
    text("bobench_version", r.bobench_version);
    text("git_revision", r.git_revision);
    text("timestamp", r.provenance.timestamp);
    text("host", r.provenance.host);
    text("compiler", r.provenance.compiler);
    text("dependencies", r.provenance.dependencies);
    text("command_line", r.provenance.command_line);
    if (!r.provenance.plugins.empty()) text("plugins", r.provenance.plugins);  // files of runs without stay as they were
    text("spec", r.spec);
    text("seed", std::to_string(r.seed));  // text: uint64 does not fit every reader's int
    h5::write_attribute(f, "budget", std::int64_t{r.budget});
    text("on_failure", policy_name(r.on_failure));
    if (!r.shard.empty()) text("shard", r.shard);
    if (r.points_dropped) text("points", points_dropped_mark);
    if (r.trace != TracePolicy::all) text("trace", trace_policy_name(r.trace));
    if (!r.trace_points) text("trace_points", "no");
    if (true_values_left_out) text("true_value", true_value_mark);
    json problems = json::array(), optimizers = json::array();
    for (const ProblemInfo& p : r.problems) {
        problems.push_back({{"label", p.label}, {"id", p.id}, {"dimension", p.dimension()}, {"params", p.params},
                            {"optimum", optional_number(p.optimum)},
                            {"test_optimum", optional_number(p.test_optimum)}, {"metadata", p.metadata}});
        if (p.fidelity) problems.back()["fidelity"] = fidelity_json(*p.fidelity);  // only then: older files unchanged
    }
    for (const OptimizerInfo& o : r.optimizers) optimizers.push_back({{"label", o.label}, {"id", o.id}});
    // labels and ids are checked to be UTF-8 before any run; anything else that is not
    // (a metadata path) is replaced rather than losing the experiment
    text("problems", problems.dump(-1, ' ', false, json::error_handler_t::replace));
    text("optimizers", optimizers.dump(-1, ' ', false, json::error_handler_t::replace));
}

namespace {
using Column = Spill::Column;

// The runs as the writer reads them, in the order they are written (by key, whatever order
// they finished in): traces in memory or, for runs a job has parked (results/spill.hpp),
// their stubs and where their columns lie.
class RunsToWrite {
public:
    RunsToWrite(const Results& r, const Spill* parked) : r_(r), parked_(parked), order_(r.runs.size()) {
        for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
        std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) { return r.runs[a].key < r.runs[b].key; });
        where_.resize(order_.size());
        if (parked)
            for (std::size_t i = 0; i < order_.size(); ++i) where_[i] = parked->find(run(i).key);
    }
    std::size_t size() const { return order_.size(); }
    const Trace& run(std::size_t i) const { return r_.runs[order_[i]]; }  // a stub where parked
    bool parked(std::size_t i) const { return where_[i].has_value(); }
    std::size_t length(std::size_t i, Column c) const {
        if (parked(i)) return where_[i]->length(c);
        const Trace& t = run(i);
        switch (c) {
            case Column::fidelity: return t.fidelity.size();
            case Column::evaluation: return t.evaluation_index.size();
            case Column::x: return t.x.size();
            default: return t.rows();
        }
    }
    std::size_t rows(std::size_t i) const { return length(i, Column::value); }
    std::size_t failures(std::size_t i) const { return parked(i) ? where_[i]->failures : run(i).failures(); }
    bool keeps_every_evaluation(std::size_t i) const { return length(i, Column::evaluation) == 0; }
    std::size_t evaluations(std::size_t i) const { return keeps_every_evaluation(i) ? rows(i) : run(i).total_evaluations; }

    // Column c of every run (T its type), read a slice at a time. The fidelity column gives
    // NaN for the runs of single-fidelity problems.
    template <class T>
    ColumnParts<T> column(Column c) const {
        ColumnParts<T> parts;
        parts.lengths.resize(size());
        for (std::size_t i = 0; i < size(); ++i) parts.lengths[i] = c == Column::fidelity ? rows(i) : length(i, c);
        parts.slice = [this, c](std::size_t i, std::size_t from, std::size_t n) -> std::span<const T> {
            if (c == Column::fidelity && length(i, c) == 0) {
                thread_local std::vector<T> none;
                none.assign(n, std::numeric_limits<T>::quiet_NaN());
                return none;
            }
            if (parked(i)) {
                thread_local std::vector<T> read;
                read.resize(n);
                parked_->read(*where_[i], c, from, n, read.data());
                return read;
            }
            return std::span<const T>(in_memory<T>(run(i), c)).subspan(from, n);
        };
        return parts;
    }
    // Where column c's runs lie, to be copied to `at` of the file onward, run after run.
    void add_pieces(Column c, std::uint64_t at, std::vector<FilePiece>& pieces) const {
        for (std::size_t i = 0; i < size(); ++i) {
            const std::size_t n = length(i, c);
            if (n == 0) continue;
            if (parked(i)) pieces.push_back({at, nullptr, n * sizeof(double), parked_->fd(), where_[i]->offset(c)});
            else pieces.push_back({at, in_memory<double>(run(i), c).data(), n * sizeof(double)});
            at += n * sizeof(double);
        }
    }

private:
    template <class T>
    static const std::vector<T>& in_memory(const Trace& t, Column c) {
        if constexpr (std::is_same_v<T, std::uint8_t>) return t.failed;
        else if constexpr (std::is_same_v<T, std::int64_t>) return t.evaluation_index;
        else {
            switch (c) {
                case Column::true_value: return t.true_value;
                case Column::cost: return t.cost;
                case Column::test_value: return t.test_value;
                case Column::fidelity: return t.fidelity;
                case Column::x: return t.x;
                default: return t.value;
            }
        }
    }

    const Results& r_;
    const Spill* parked_;
    std::vector<std::size_t> order_;
    std::vector<std::optional<Spill::Parked>> where_;
};

// The per-run table, in the order the runs are written, and where each run's evaluations
// and points start in the /evals columns.
struct RunTable {
    std::vector<std::int32_t> problem, optimizer, replicate;
    std::vector<std::uint64_t> pseed, oseed;
    std::vector<double> seconds;
    std::vector<std::int64_t> offset, count, failed_evals, x_offset, evaluations;
    std::vector<std::string> notes;
    std::size_t n_evals = 0, n_x = 0;
    bool any_fidelity = false, rows_are_evaluations;

    RunTable(const Results& r, const RunsToWrite& runs)
        : problem(runs.size()), optimizer(runs.size()), replicate(runs.size()), pseed(runs.size()),
          oseed(runs.size()), seconds(runs.size()), offset(runs.size()), count(runs.size()),
          failed_evals(runs.size()), x_offset(runs.size()), evaluations(runs.size()), notes(runs.size()),
          rows_are_evaluations(r.trace == TracePolicy::all) {
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const Trace& t = runs.run(i);
            problem[i] = t.key.problem;
            optimizer[i] = t.key.optimizer;
            replicate[i] = t.key.replicate;
            pseed[i] = t.problem_seed;
            oseed[i] = t.optimizer_seed;
            seconds[i] = t.seconds;
            notes[i] = t.notes;
            offset[i] = static_cast<std::int64_t>(n_evals);
            if (runs.keeps_every_evaluation(i) != rows_are_evaluations || (!r.trace_points && runs.length(i, Column::x) > 0))
                throw std::logic_error("write_results: a trace does not follow the file's trace policy");
            count[i] = static_cast<std::int64_t>(runs.rows(i));
            failed_evals[i] = static_cast<std::int64_t>(runs.failures(i));
            evaluations[i] = static_cast<std::int64_t>(runs.evaluations(i));
            x_offset[i] = static_cast<std::int64_t>(n_x);
            n_evals += runs.rows(i);
            n_x += runs.length(i, Column::x);
            any_fidelity = any_fidelity || runs.length(i, Column::fidelity) > 0;
        }
    }

    void write(hid_t runs, json& sums) const {
        const auto column = [&](const char* name, const auto& values) {
            h5::write_vector(runs, name, values);
            ParallelCpu unused;  // a row per run: short
            sums[std::string("/runs/") + name] = crc32_of(values, 1, unused);
        };
        column("problem", problem);
        column("optimizer", optimizer);
        column("replicate", replicate);
        column("problem_seed", pseed);
        column("optimizer_seed", oseed);
        column("seconds", seconds);
        column("eval_offset", offset);
        column("eval_count", count);
        column("failed_evals", failed_evals);
        column("x_offset", x_offset);
        if (!rows_are_evaluations) column("evaluations", evaluations);
        h5::write_strings(runs, "notes", notes);
        sums["/runs/notes"] = crc32_of(notes);
    }
};
}  // namespace

// The compressed /evals columns: those with much repetition (costs, flags, fidelities) and,
// in a values-only copy, the values too (the true values only where they differ somewhere),
// each with its checksum (sums["/evals/<name>"]).
static void write_compressed_columns(hid_t evals, const Results& r, const RunsToWrite& runs, const RunTable& table,
                                     bool true_values_left_out, json& sums, int threads, ParallelCpu& cpu) {
    const auto compressed = [&]<class T>(const char* name, Column c, T) {
        const ColumnParts<T> column = runs.column<T>(c);
        h5::write_column<T>(evals, name, column, true, threads, cpu);
        sums[std::string("/evals/") + name] = crc32_of_column(column, threads, cpu);
    };
    compressed("cost", Column::cost, double{});
    compressed("test_value", Column::test_value, double{});
    compressed("failed", Column::failed, std::uint8_t{});
    // only in files with a multi-fidelity run; NaN for the runs of single-fidelity problems
    if (table.any_fidelity) compressed("fidelity", Column::fidelity, double{});
    if (!table.rows_are_evaluations) compressed("evaluation", Column::evaluation, std::int64_t{});
    if (r.points_dropped) {  // a values-only copy: no points, and nothing left unfilled
        compressed("value", Column::value, double{});
        if (!true_values_left_out) compressed("true_value", Column::true_value, double{});
    }
}

static ResultsFile results_file(const std::string& name, const Results& r, const Spill* parked, int threads,
                                ParallelCpu& cpu) {
    const RunsToWrite runs(r, parked);
    if (r.points_dropped && std::any_of(r.runs.begin(), r.runs.end(), [](const Trace& t) { return !t.x.empty(); }))
        throw std::logic_error("write_results: a values-only copy of '" + name + "' was given points");
    const bool true_values_left_out = true_values_are_values(r);
    ResultsFile out;
    std::vector<FilePiece> unfilled;  // each unfilled column whole
    const std::function<void(hid_t)> fill = [&](hid_t f) {
        json sums = json::object();
        write_attributes(f, r, true_values_left_out, sums);
        // the per-run table whole; the per-evaluation columns straight from the traces
        const RunTable table(r, runs);
        h5::Handle runs_group = h5::create_group(f, "runs"), evals = h5::create_group(f, "evals");
        table.write(runs_group.get(), sums);
        write_compressed_columns(evals.get(), r, runs, table, true_values_left_out, sums, threads, cpu);
        std::vector<std::pair<const char*, Column>> unfilled_columns;
        if (!r.points_dropped) unfilled_columns = {{"value", Column::value}, {"true_value", Column::true_value}};
        if (!r.points_dropped && r.trace_points) unfilled_columns.push_back({"x", Column::x});
        for (const auto& [column_name, c] : unfilled_columns)
            sums[std::string("/evals/") + column_name] = crc32_of_column(runs.column<double>(c), threads, cpu);
        // before the unfilled columns: nothing HDF5 writes may follow them
        h5::write_fixed_attribute(f, "checksums", sums.dump());
        // objective values and points (little to gain from compressing them) last, so that
        // their storage lies beyond what HDF5 writes (short ones may lie within, in space it
        // set aside for small data: add_image leaves them out of the image's bytes)
        for (const auto& [column_name, c] : unfilled_columns) {
            const std::size_t total = c == Column::x ? table.n_x : table.n_evals;
            const haddr_t at = h5::create_unfilled<double>(evals.get(), column_name, total);
            if (total == 0) continue;
            unfilled.push_back({at, nullptr, total * sizeof(double)});
            runs.add_pieces(c, at, out.pieces);
        }
    };
    out.image = h5::build_memory_file(name, fill);
    for (const FilePiece& u : unfilled)
        if (u.offset + u.size > out.image.file_size)
            throw std::runtime_error("HDF5: a column of '" + name + "' lies beyond the file's size");
    add_image(out.pieces, out.image, std::move(unfilled));
    return out;
}

// The file that writing `path` replaces (the one its lock guards).
static std::filesystem::path output_target(const std::string& path) { return resolved_output(path); }

static std::string temporary_name(const std::filesystem::path& target) {
    return target.string() + ".tmp-" + std::to_string(::getpid());
}

// Writes `pieces` into a temporary file of `size` bytes beside `path`'s target, syncs it
// and renames it over the target.
static void write_file_replacing(const std::string& path, std::uint64_t size, const std::vector<FilePiece>& pieces,
                                 int threads, ParallelCpu& cpu, double& sync_wall) {
    const std::filesystem::path target = output_target(path);
    const std::string tmp = temporary_name(target), what = "results file '" + path + "'";
    bobench::remove_stale_temporaries(target);  // of killed writers of this file: keep, merge, run
    int fd = ::open(tmp.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);  // read too: it is mapped
    if (fd < 0) throw std::runtime_error("cannot create '" + tmp + "': " + std::strerror(errno));
    try {
        fill_file(fd, size, pieces, threads, what, cpu);
        const auto sync_start = std::chrono::steady_clock::now();
        if (::fsync(fd) != 0) throw std::runtime_error("cannot write " + what + ": " + std::strerror(errno));
        sync_wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - sync_start).count();
        const int closed = ::close(std::exchange(fd, -1));  // the descriptor is gone even when this fails
        if (closed != 0) throw std::runtime_error("cannot write " + what + ": " + std::strerror(errno));
    } catch (...) {
        if (fd >= 0) ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(tmp.c_str());
        throw std::runtime_error("cannot write " + what + ": " + std::strerror(error));
    }
}

void write_results(const std::string& path, const Results& r, int threads, WriteCost* cost, const Spill* parked) {
    const double start = thread_cpu_seconds();
    ParallelCpu parallel;
    double sync_wall = 0;
    const ResultsFile file = results_file(temporary_name(output_target(path)), r, parked, threads, parallel);
    write_file_replacing(path, file.image.file_size, file.pieces, threads, parallel, sync_wall);
    if (cost) {
        cost->serial += thread_cpu_seconds() - start - parallel.caller;
        cost->parallel += parallel.all;
        cost->sync_wall += sync_wall;
    }
}

void check_output(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) throw UserError("no output file given (experiment.output or --output)");
    if (path.find('\0') != std::string::npos)  // the system would see the name cut at it
        throw UserError("output '" + path + "' holds a NUL character, which no file name can");
    std::error_code ec;
    if (path.back() == '/' || fs::is_directory(path, ec))
        throw UserError("output '" + path + "' is a folder; name a file in it, e.g. '" +
                        (fs::path(path) / "results.h5").string() + "'");
    const fs::path target = output_target(path);
    if (!fs::exists(target, ec)) return;
    const bool no_write_bit = (fs::status(target, ec).permissions() & fs::perms::owner_write) == fs::perms::none;
    if (no_write_bit || ::access(target.c_str(), W_OK) != 0)
        throw UserError("output '" + path + "' is read-only; make it writable (chmod u+w) or choose another --output");
}

void remove_stale_temporaries(const std::string& path) { bobench::remove_stale_temporaries(output_target(path)); }

}  // namespace bobench::results
