#include "hpobench_tables/fcnet.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <unistd.h>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "hpobench_tables/cache.hpp"
#include "hpobench_tables/catalog.hpp"
#include "hpobench_tables/fixture_noise.hpp"
#include "hpobench_tables/h5_io.hpp"

namespace bobench::tables::fcnet {

namespace {
// How each parameter is written in a group name: Python ints, floats or strings.
enum class Json { Int, Float, Text };

struct ParamDef {
    Param param;
    Json json;
};

const std::vector<ParamDef>& definitions() {
    static const std::vector<ParamDef> defs = {
        {Param::ordinal("n_units_1", {16, 32, 64, 128, 256, 512}), Json::Int},
        {Param::ordinal("n_units_2", {16, 32, 64, 128, 256, 512}), Json::Int},
        {Param::ordinal("dropout_1", {0.0, 0.3, 0.6}), Json::Float},
        {Param::ordinal("dropout_2", {0.0, 0.3, 0.6}), Json::Float},
        {Param::categorical("activation_fn_1", {"tanh", "relu"}), Json::Text},
        {Param::categorical("activation_fn_2", {"tanh", "relu"}), Json::Text},
        {Param::ordinal("init_lr", {5e-4, 1e-3, 5e-3, 1e-2, 5e-2, 1e-1}), Json::Float},
        {Param::categorical("lr_schedule", {"cosine", "const"}), Json::Text},
        {Param::ordinal("batch_size", {8, 16, 32, 64}), Json::Int},
    };
    return defs;
}

// Parameter positions in sorted-key order (the order of a group name's keys).
const std::vector<std::size_t>& sorted_order() {
    static const std::vector<std::size_t> order = [] {
        std::vector<std::size_t> o(definitions().size());
        for (std::size_t i = 0; i < o.size(); ++i) o[i] = i;
        std::sort(o.begin(), o.end(), [](std::size_t a, std::size_t b) {
            return definitions()[a].param.name < definitions()[b].param.name;
        });
        return o;
    }();
    return order;
}

std::string example_name() {
    return group_name({128, 512, 0.3, 0.0, 1, 0, 1e-3, 0, 32});
}
}  // namespace

const std::vector<Dataset>& datasets() {
    static const std::vector<Dataset> list = {
        {"protein", "fcnet_protein_structure_data.hdf5"},
        {"slice", "fcnet_slice_localization_data.hdf5"},
        {"naval", "fcnet_naval_propulsion_data.hdf5"},
        {"parkinsons", "fcnet_parkinsons_telemonitoring_data.hdf5"},
    };
    return list;
}

const Dataset& dataset(const std::string& name) {
    for (const Dataset& d : datasets())
        if (d.name == name) return d;
    throw UserError("fcnet: dataset '" + name + "' is not known; expected protein, slice, naval or parkinsons");
}

Space space() {
    std::vector<Param> params;
    for (const ParamDef& d : definitions()) params.push_back(d.param);
    return Space(std::move(params));
}

std::string python_float(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    // Shortest round-trip digits, then Python's repr rule: scientific when the decimal
    // exponent is < -4 or >= 16, else positional with at least one digit after the point.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string s(buf, res.ptr);
    std::string sign;
    if (s[0] == '-') {
        sign = "-";
        s.erase(0, 1);
    }
    const auto e_at = s.find('e');
    const int exponent = std::stoi(s.substr(e_at + 1));
    std::string digits = s.substr(0, e_at);
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    if (exponent < -4 || exponent >= 16) {
        std::string m = digits.substr(0, 1);
        if (digits.size() > 1) m += "." + digits.substr(1);
        const int a = std::abs(exponent);
        return sign + m + "e" + (exponent < 0 ? "-" : "+") + (a < 10 ? "0" : "") + std::to_string(a);
    }
    if (exponent < 0) return sign + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    const auto whole = static_cast<std::size_t>(exponent) + 1;
    if (digits.size() <= whole) return sign + digits + std::string(whole - digits.size(), '0') + ".0";
    return sign + digits.substr(0, whole) + "." + digits.substr(whole);
}

std::string group_name(const Point& config) {
    const auto& defs = definitions();
    std::string s = "{";
    bool first = true;
    for (std::size_t i : sorted_order()) {
        const ParamDef& d = defs[i];
        s += (first ? "\"" : ", \"") + d.param.name + "\": ";
        first = false;
        switch (d.json) {
            case Json::Int: s += std::to_string(std::lround(config[i])); break;
            case Json::Float: s += python_float(config[i]); break;
            case Json::Text: s += "\"" + d.param.format(config[i]) + "\""; break;
        }
    }
    return s + "}";
}

namespace {
// The value index of one key of a group name, or an explanation of why it has none.
bool value_index(const ParamDef& d, const nlohmann::json& v, std::size_t& k, std::string& why) {
    const Param& p = d.param;
    if (d.json == Json::Text) {
        if (v.is_string()) {
            const auto& c = p.choices;
            const auto it = std::find(c.begin(), c.end(), v.get<std::string>());
            if (it != c.end()) {
                k = static_cast<std::size_t>(it - c.begin());
                return true;
            }
        }
        why = p.name + " = " + v.dump() + " is not one of " + join(p.choices, ", ");
        return false;
    }
    if (v.is_number()) {
        const double x = v.get<double>();
        for (k = 0; k < p.values.size(); ++k)  // tolerant: 5 * 1e-4 and 0.0005 are both fine
            if (std::abs(x - p.values[k]) <= 1e-9 * std::max(1.0, std::abs(p.values[k]))) return true;
    }
    why = p.name + " = " + v.dump() + " is not one of " + join(p.values, ", ");
    return false;
}

[[noreturn]] void not_fcnet(const std::string& path, const std::string& found) {
    throw UserError("'" + path + "' is not an FCNet table: the FCNet layout has one top-level group per configuration, " +
                    "named by the configuration as JSON (e.g. " + example_name() + "); " + found);
}
}  // namespace

namespace {
// One pass over the root's links in name order (H5Literate, so the 62,208 names are never
// held at once); each group is opened by its address, so no name is looked up twice.
class Loader {
public:
    Loader(const std::string& path, hid_t root) : path_(path), who_("FCNet table '" + path + "'"), root_(root) {
        const auto& defs = definitions();
        stride_.assign(defs.size(), 1);
        for (std::size_t i = defs.size() - 1; i-- > 0;) stride_[i] = stride_[i + 1] * defs[i + 1].param.cardinality();
        rows_.reserve(configurations * repeats);
    }

    void run() {
        std::exception_ptr error;
        struct Context {
            Loader* self;
            std::exception_ptr* error;
        } ctx{this, &error};
        auto callback = [](hid_t, const char* name, const H5L_info_t* info, void* data) -> herr_t {
            auto* c = static_cast<Context*>(data);
            try {
                c->self->visit(name, *info);
                return 0;
            } catch (...) {
                *c->error = std::current_exception();
                return -1;  // stops the iteration
            }
        };
        const herr_t status = H5Literate(root_, H5_INDEX_NAME, H5_ITER_INC, nullptr, callback, &ctx);
        if (error) std::rethrow_exception(error);
        if (status < 0) throw std::runtime_error("HDF5: cannot list the groups of '" + path_ + "'");
        if (groups_ == 0) not_fcnet(path_, "this file has no top-level objects");
    }

    std::vector<Table::Row> take_rows() { return std::move(rows_); }
    Table::Curves take_curves() { return {shape2_.empty() ? 0 : static_cast<std::size_t>(shape2_[1]), std::move(curves_)}; }
    const std::string& first_group() const { return first_group_; }

private:
    void visit(const char* name_c, const H5L_info_t& info) {
        const std::string name = name_c;
        const bool first = groups_++ == 0;
        const std::string where = who_ + ": group '" + name + "'";
        const auto& defs = definitions();
        const nlohmann::json config = nlohmann::json::parse(name, nullptr, /*allow_exceptions=*/false);
        if (config.is_discarded() || !config.is_object()) {
            if (first) not_fcnet(path_, "this file has '" + name + "'");
            throw UserError(where + " is not named by a JSON configuration (e.g. " + example_name() + ")");
        }
        if (config.size() != defs.size()) {
            std::vector<std::string> keys;
            for (const auto& [k, v] : config.items()) keys.push_back(k);
            if (first) not_fcnet(path_, "this file has groups with keys " + join(keys, ", "));
            throw UserError(where + ": has keys " + join(keys, ", ") + "; expected the 9 FCNet parameters");
        }
        std::uint64_t index = 0;
        for (std::size_t i = 0; i < defs.size(); ++i) {
            const auto it = config.find(defs[i].param.name);
            if (it == config.end()) {
                if (first) not_fcnet(path_, "this file's group '" + name + "' lacks " + defs[i].param.name);
                throw UserError(where + ": lacks parameter '" + defs[i].param.name + "'");
            }
            std::size_t k = 0;
            std::string why;
            if (!value_index(defs[i], *it, k, why)) throw UserError(where + ": " + why);
            index += k * stride_[i];
        }
        if (seen_[index]) throw UserError(where + " names the same configuration as an earlier group");
        seen_[index] = true;

        if (info.type != H5L_TYPE_HARD) throw UserError(where + " is a link, not a group");
        const hid_t gid = H5Oopen_by_addr(root_, info.u.address);
        if (gid < 0) throw UserError(where + " cannot be opened");
        h5::Handle group(gid, H5Oclose);
        if (H5Iget_type(gid) != H5I_GROUP) throw UserError(where + " is not a group");
        if (first) first_group_ = name;

        auto read = [&](const char* dataset, std::vector<double>& out) {
            const h5io::ReadStatus st = h5io::read_numeric(gid, dataset, dims_, out);
            if (st != h5io::ReadStatus::Ok) throw UserError(where + ": dataset " + dataset + " " + h5io::describe(st));
        };
        read("valid_mse", valid_);
        if (first) {
            if (dims_.size() != 2 || dims_[0] < 1 || dims_[1] < 1)
                throw UserError(where + ": valid_mse has shape " + h5io::shape_text(dims_) +
                                "; expected [repeats, epochs], [4, 100] in the published tables");
            shape2_ = {dims_[0], dims_[1]};
            shape1_ = {dims_[0]};
        }
        if (dims_ != shape2_)
            throw UserError(where + ": valid_mse has shape " + h5io::shape_text(dims_) + "; expected " +
                            h5io::shape_text(shape2_) + " like the other groups (repeats x epochs)");
        read("final_test_error", test_);
        if (dims_ != shape1_)
            throw UserError(where + ": final_test_error has shape " + h5io::shape_text(dims_) + "; expected " +
                            h5io::shape_text(shape1_) + " (one per repeat)");
        read("runtime", runtime_);
        if (dims_ != shape1_)
            throw UserError(where + ": runtime has shape " + h5io::shape_text(dims_) + "; expected " +
                            h5io::shape_text(shape1_) + " (one per repeat)");
        const std::size_t reps = shape2_[0], epochs = shape2_[1];
        for (std::size_t r = 0; r < reps; ++r)
            rows_.push_back({index, valid_[r * epochs + epochs - 1], test_[r], runtime_[r]});
        if (first) curves_.reserve(configurations * reps * epochs);
        curves_.insert(curves_.end(), valid_.begin(), valid_.end());  // the learning curves: the fidelity
    }

    std::string path_, who_;
    hid_t root_;
    std::vector<std::uint64_t> stride_;
    std::vector<Table::Row> rows_;
    std::vector<float> curves_;
    std::vector<bool> seen_ = std::vector<bool>(configurations, false);
    std::size_t groups_ = 0;
    std::string first_group_;
    std::vector<hsize_t> dims_, shape1_, shape2_;
    std::vector<double> valid_, test_, runtime_;  // reused: no allocation per group
};
}  // namespace

namespace {
// HDF5's metadata cache grows adaptively (to 32 MB of file metadata, several times that in
// memory) while 62,208 groups are each opened once. A fixed cache that holds the root
// group's name heap and B-tree (which every step of the iteration needs: with less, the heap
// is evicted and re-read at each step, 20x slower) plus 2 MB for the group being read loads
// the full-size table as fast with 125 MB instead of 210 MB peak (docs/perf/tabular.md).
void fit_metadata_cache(hid_t file, hid_t root) {
    H5O_info_t info;
    if (H5Oget_info2(root, &info, H5O_INFO_META_SIZE) < 0) return;
    const std::size_t need = info.meta_size.obj.heap_size + info.meta_size.obj.index_size + (std::size_t{2} << 20);
    H5AC_cache_config_t c;
    c.version = H5AC__CURR_CACHE_CONFIG_VERSION;
    if (H5Fget_mdc_config(file, &c) < 0) return;
    c.set_initial_size = true;
    c.initial_size = c.max_size = need;
    c.min_size = need / 2;
    c.incr_mode = H5C_incr__off;
    c.flash_incr_mode = H5C_flash_incr__off;
    c.decr_mode = H5C_decr__off;
    H5Fset_mdc_config(file, &c);  // a failure only costs speed
}
}  // namespace

Table load(const std::string& path) {
    require_input_file(path, "FCNet table '" + path + "'");
    if (!h5::is_hdf5(path))
        throw UserError("'" + path + "' is not an HDF5 file; FCNet tables are the HDF5 files of " + download_url);
    h5::Handle file = h5::open_file(path);
    h5::Handle root = h5::open_group(file.get(), "/");
    if (h5::has_attribute(root.get(), "layout"))
        not_fcnet(path, "this file says layout = '" + h5::read_string_attribute(root.get(), "layout") +
                            "' (a bobench NAS-Bench-201 table is read by nasbench201:file=...)");
    fit_metadata_cache(file.get(), root.get());
    Loader loader(path, root.get());
    loader.run();

    Table::Provenance prov;
    prov.layout = "fcnet";
    prov.source = path;
    if (h5::has_attribute(root.get(), "bobench_fixture")) prov.fixture = h5::read_string_attribute(root.get(), "bobench_fixture");
    prov.objective_name = "valid_mse[:, -1]";
    prov.test_name = "final_test_error";
    prov.cost_name = "runtime";
    h5::Handle first = h5::open_group(root.get(), loader.first_group());
    for (const std::string& n : h5::children(first.get()))
        prov.contents.push_back(n + " " + h5io::type_and_shape(first.get(), n));
    Table table(space(), loader.take_rows(), std::move(prov), loader.take_curves());
    first.reset();
    root.reset();
    file.reset();
    // hand back what reading 62,208 groups left behind (HDF5's free lists, then the heap's
    // free pages): resident memory falls from ~85 MB to about the table's size
    H5garbage_collect();
#ifdef __GLIBC__
    ::malloc_trim(0);
#endif
    return table;
}

std::vector<std::uint64_t> fixture_configs(std::uint64_t n) {
    std::vector<std::uint64_t> out;
    if (n == 0 || n >= configurations) {
        out.resize(configurations);
        for (std::uint64_t i = 0; i < configurations; ++i) out[i] = i;
        return out;
    }
    for (std::uint64_t i = 0; i < n; ++i) out.push_back(i * 7919 % configurations);
    std::sort(out.begin(), out.end());
    return out;
}

void write_fixture(const std::string& path, std::uint64_t n) {
    const Space sp = space();
    const auto& defs = definitions();
    std::vector<std::uint64_t> stride(defs.size(), 1);
    for (std::size_t i = defs.size() - 1; i-- > 0;) stride[i] = stride[i + 1] * defs[i + 1].param.cardinality();

    h5::write_file_whole(path, [&](hid_t file) {  // whole or not at all, no temporary left behind
        h5::Handle root = h5::open_group(file, "/");
        h5::write_attribute(root.get(), "bobench_fixture", std::string(fixture_note));
        std::vector<double> curve(repeats * epochs), train(repeats * epochs), test(repeats), runtime(repeats),
            params(repeats);
        for (const std::uint64_t c : fixture_configs(n)) {
            // value indices t_i in [0, 1] (index / (cardinality - 1)) and the values themselves
            Point x(defs.size());
            std::vector<double> t(defs.size());
            for (std::size_t i = 0; i < defs.size(); ++i) {
                const std::size_t k = static_cast<std::size_t>(c / stride[i] % defs[i].param.cardinality());
                x[i] = defs[i].param.value_at(k);
                t[i] = static_cast<double>(k) / static_cast<double>(defs[i].param.cardinality() - 1);
            }
            const double u1 = x[0], u2 = x[1], batch = x[8];
            const double base = 0.05 + 0.4 * std::pow(t[6] - 0.4, 2) + 0.1 * std::pow(t[0] - 0.8, 2) +
                                0.1 * std::pow(t[1] - 0.6, 2) + 0.03 * t[2] + 0.05 * t[3] + 0.02 * (x[4] == 0) +
                                0.01 * (x[5] == 0) + 0.03 * (x[7] == 1) + 0.04 * std::pow(t[8] - 1.0 / 3.0, 2);
            for (std::size_t r = 0; r < repeats; ++r) {
                const double final_valid = base * (1 + 0.1 * fixture_noise(c, r, 0));
                for (std::size_t e = 0; e < epochs; ++e) {
                    curve[r * epochs + e] = final_valid * (1 + 4 * std::exp(-static_cast<double>(e + 1) / 8));
                    train[r * epochs + e] = 0.8 * curve[r * epochs + e];
                }
                test[r] = base * (1.1 + 0.1 * fixture_noise(c, r, 1));
                runtime[r] = (30 + (u1 + u2) / 16) * (64 / batch) * (1 + 0.05 * fixture_noise(c, r, 2));
                params[r] = 11 * u1 + (u1 + 1) * u2 + (u2 + 1);  // 10 inputs, two hidden layers, one output
            }
            h5::Handle g = h5::create_group(root.get(), group_name(x));
            const std::vector<hsize_t> per_repeat = {repeats}, per_epoch = {repeats, epochs};
            h5io::write_doubles(g.get(), "final_test_error", per_repeat, test.data());
            h5io::write_doubles(g.get(), "n_params", per_repeat, params.data());
            h5io::write_doubles(g.get(), "runtime", per_repeat, runtime.data());
            h5io::write_doubles(g.get(), "train_loss", per_epoch, train.data());
            h5io::write_doubles(g.get(), "train_mse", per_epoch, train.data());
            h5io::write_doubles(g.get(), "valid_loss", per_epoch, curve.data());
            h5io::write_doubles(g.get(), "valid_mse", per_epoch, curve.data());
        }
    });
}

ProblemFactory factory() {
    ProblemFactory f;
    f.name = "fcnet";
    f.description = "HPOBench FCNet tables (Klein & Hutter 2019): 62,208 configurations of a 2-layer MLP, "
                    "valid MSE after 100 epochs; needs the data files (see --data-dir)";
    f.params = {ParamSpec::choice("dataset", "protein", {"protein", "slice", "naval", "parkinsons"}, "UCI dataset")};
    for (ParamSpec& p : dataset_file_params()) f.params.push_back(std::move(p));
    for (ParamSpec& p : common_params("auto")) f.params.push_back(std::move(p));
    f.make = [](const ProblemSetup& setup, const Args& args) -> std::shared_ptr<const Problem> {
        const Dataset& ds = dataset(args.text("dataset"));
        std::string path = args.text("file");
        const std::string who = "fcnet:dataset=" + ds.name + (path.empty() ? "" : ",file=" + path);
        if (path.empty()) {
            const std::string dir = data_directory(args.text("data_dir"), setup);
            const std::vector<std::string> candidates = {(std::filesystem::path(dir) / ds.file).string(),
                                                         (std::filesystem::path(dir) / "fcnet_tabular_benchmarks" / ds.file).string()};
            for (const std::string& c : candidates)
                if (std::filesystem::exists(c)) path = c;
            if (path.empty())
                throw UserError(who + ": the table " + ds.file + " is not in the data folder '" + dir + "' (from " +
                                data_directory_origin(args.text("data_dir"), setup) + "; looked for " +
                                join(candidates, " and ") +
                                "). Get the FCNet tables (HPOBench / nas_benchmarks, Klein & Hutter 2019): download " +
                                download_url + ", unpack it, and point bobench at the folder with --data-dir DIR, "
                                "BOBENCH_DATA=DIR or fcnet:data_dir=DIR. Without the data, `bobench tabular fixture "
                                "--layout fcnet --configs all --out DIR/" + ds.file +
                                "` writes a synthetic stand-in (not the benchmark).");
        } else if (!std::filesystem::exists(path)) {
            throw UserError(who + ": file = '" + path + "' does not exist. The FCNet tables come from " + download_url +
                            " (HPOBench / nas_benchmarks); `bobench tabular fixture --layout fcnet` writes a synthetic one");
        }
        auto table = load_once("fcnet", path, load);
        return make_problem(std::move(table), args, who,
                            {{"suite", "hpobench-fcnet"}, {"dataset", ds.name}});
    };
    return f;
}

}  // namespace bobench::tables::fcnet
