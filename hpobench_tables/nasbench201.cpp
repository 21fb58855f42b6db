#include "hpobench_tables/nasbench201.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "hpobench_tables/cache.hpp"
#include "hpobench_tables/catalog.hpp"
#include "hpobench_tables/fixture_noise.hpp"
#include "hpobench_tables/h5_io.hpp"

namespace bobench::tables::nasbench201 {

const std::vector<std::string>& operations() {
    static const std::vector<std::string> ops = {"none", "skip_connect", "nor_conv_1x1", "nor_conv_3x3", "avg_pool_3x3"};
    return ops;
}

const std::vector<std::string>& edges() {
    static const std::vector<std::string> e = {"1<-0", "2<-0", "2<-1", "3<-0", "3<-1", "3<-2"};
    return e;
}

const std::vector<std::string>& datasets() {
    static const std::vector<std::string> d = {"cifar10", "cifar100", "imagenet16"};
    return d;
}

std::string file_name(const std::string& dataset) { return "nasbench201_" + dataset + ".hdf5"; }

Space space() {
    std::vector<Param> params;
    for (const std::string& e : edges()) params.push_back(Param::categorical(e, operations()));
    return Space(std::move(params));
}

std::string arch_string(const Point& x) {
    auto op = [&](std::size_t e) { return operations().at(static_cast<std::size_t>(x.at(e))); };
    return "|" + op(0) + "~0|+|" + op(1) + "~0|" + op(2) + "~1|+|" + op(3) + "~0|" + op(4) + "~1|" + op(5) + "~2|";
}

namespace {
constexpr std::size_t n_edges = 6, n_ops = 5;

std::uint64_t arch_index(const int* ops) {  // edge 0 is the most significant digit, as in Table
    std::uint64_t index = 0;
    for (std::size_t e = 0; e < n_edges; ++e) index = index * n_ops + static_cast<std::uint64_t>(ops[e]);
    return index;
}

std::string json_list(const std::vector<std::string>& items) { return nlohmann::json(items).dump(); }

void check_list_attribute(hid_t root, const std::string& name, const std::vector<std::string>& want,
                          const std::string& who) {
    if (!h5::has_attribute(root, name)) throw UserError(who + ": attribute '" + name + "' is missing; expected " + json_list(want));
    const std::string text = h5::read_string_attribute(root, name);
    const nlohmann::json v = nlohmann::json::parse(text, nullptr, false);
    if (v.is_discarded() || v != nlohmann::json(want))
        throw UserError(who + ": attribute '" + name + "' is " + text + "; expected " + json_list(want));
}
}  // namespace

namespace {

// The root's layout attributes checked; returns the dataset the table holds.
std::string check_layout(hid_t r, const std::string& path, const std::string& who) {
    if (!h5::has_attribute(r, "layout")) {
        const auto names = h5::children(r);
        const bool fcnet_like = !names.empty() && names.front().rfind("{", 0) == 0;
        throw UserError("'" + path + "' is not a bobench NAS-Bench-201 table: it has no root attribute layout = \"" +
                        layout_name + "\"" +
                        (fcnet_like ? std::string("; its groups are named by JSON configurations, as in an FCNet table "
                                                  "(read it with fcnet:file=...)")
                                    : std::string()) +
                        ". Convert the official data with scripts/convert_nasbench201.py");
    }
    const std::string layout = h5::read_string_attribute(r, "layout");
    if (layout != layout_name)
        throw UserError("'" + path + "' is not a bobench NAS-Bench-201 table: layout = '" + layout + "', expected '" +
                        layout_name + "'");
    if (!h5::has_attribute(r, "layout_version")) throw UserError(who + ": attribute 'layout_version' is missing");
    const std::int64_t version = h5::read_int_attribute(r, "layout_version");
    if (version != layout_version)
        throw UserError(who + ": layout_version " + std::to_string(version) + " is not supported; this bobench reads " +
                        std::to_string(layout_version));
    check_list_attribute(r, "operations", operations(), who);
    check_list_attribute(r, "edges", edges(), who);
    const std::string dataset = h5::has_attribute(r, "dataset") ? h5::read_string_attribute(r, "dataset") : "";
    if (std::find(datasets().begin(), datasets().end(), dataset) == datasets().end())
        throw UserError(who + ": attribute dataset = '" + dataset + "'; expected one of " + join(datasets(), ", "));
    return dataset;
}

// The table's datasets, their shapes checked against each other.
struct Arrays {
    std::size_t n = 0, repeats = 0, epochs = 0;  // architectures, repeats per architecture, curve length
    std::vector<double> arch, valid, test, runtime, counts, curve;
};

Arrays read_arrays(hid_t r, const std::string& who) {
    Arrays a;
    std::vector<hsize_t> dims;
    auto read = [&](const char* name, std::vector<double>& out) {
        const h5io::ReadStatus st = h5io::read_numeric(r, name, dims, out);
        if (st != h5io::ReadStatus::Ok) throw UserError(who + ": dataset /" + std::string(name) + " " + h5io::describe(st));
        return dims;
    };
    const auto arch_dims = read("arch", a.arch);
    if (arch_dims.size() != 2 || arch_dims[1] != n_edges || arch_dims[0] == 0)
        throw UserError(who + ": /arch has shape " + h5io::shape_text(arch_dims) + "; expected [N, 6] with N >= 1");
    const std::size_t n = a.n = arch_dims[0];
    const auto valid_dims = read("valid_error", a.valid);
    if (valid_dims.size() != 2 || valid_dims[0] != n || valid_dims[1] == 0)
        throw UserError(who + ": /valid_error has shape " + h5io::shape_text(valid_dims) + "; expected [" +
                        std::to_string(n) + ", R] (one row per architecture of /arch, R >= 1 repeats)");
    const std::size_t repeats = a.repeats = valid_dims[1];
    const std::pair<const char*, std::vector<double>*> same_shape[] = {{"test_error", &a.test}, {"runtime", &a.runtime}};
    for (const auto& [name, out] : same_shape) {
        const auto d = read(name, *out);
        if (d != valid_dims)
            throw UserError(who + ": /" + std::string(name) + " has shape " + h5io::shape_text(d) + "; expected " +
                            h5io::shape_text(valid_dims) + " like /valid_error");
    }
    if (h5::exists(r, "valid_error_curve")) {  // optional: the learning curves, which give the problem its fidelity
        const auto d = read("valid_error_curve", a.curve);
        if (d.size() != 3 || d[0] != n || d[1] != repeats || d[2] == 0)
            throw UserError(who + ": /valid_error_curve has shape " + h5io::shape_text(d) + "; expected [" +
                            std::to_string(n) + ", " + std::to_string(repeats) + ", E] (architectures x repeats x "
                            "epochs, E >= 1)");
        a.epochs = d[2];
    }
    a.counts.assign(n, static_cast<double>(repeats));
    if (h5::exists(r, "repeats")) {
        const auto d = read("repeats", a.counts);
        if (d != std::vector<hsize_t>{n})
            throw UserError(who + ": /repeats has shape " + h5io::shape_text(d) + "; expected [" + std::to_string(n) + "]");
    }
    return a;
}

// One row per (architecture, repeat), each architecture's operations and repeat count checked.
std::vector<Table::Row> table_rows(const Arrays& a, Table::Curves& curves, const std::string& who) {
    const std::size_t n = a.n, repeats = a.repeats, epochs = a.epochs;
    std::vector<Table::Row> rows;
    rows.reserve(n * repeats);
    curves.values.reserve(n * repeats * epochs);
    std::vector<std::int64_t> seen(configurations, -1);
    for (std::size_t i = 0; i < n; ++i) {
        int ops[n_edges];
        for (std::size_t e = 0; e < n_edges; ++e) {
            const double v = a.arch[i * n_edges + e];
            if (!(v >= 0 && v < static_cast<double>(n_ops) && v == std::floor(v)))
                throw UserError(who + ": /arch row " + std::to_string(i) + ", edge " + edges()[e] + ": operation index " +
                                format_double(v) + " is not in [0, 4] (" + join(operations(), ", ") + ")");
            ops[e] = static_cast<int>(v);
        }
        const std::uint64_t index = arch_index(ops);
        if (seen[index] >= 0) {
            Point x(ops, ops + n_edges);
            throw UserError(who + ": /arch rows " + std::to_string(seen[index]) + " and " + std::to_string(i) +
                            " are the same architecture " + arch_string(x));
        }
        seen[index] = static_cast<std::int64_t>(i);
        const double c = a.counts[i];
        if (!(c >= 1 && c <= static_cast<double>(repeats) && c == std::floor(c)))
            throw UserError(who + ": /repeats row " + std::to_string(i) + " is " + format_double(c) + "; expected an integer in [1, " +
                            std::to_string(repeats) + "]");
        for (std::size_t k = 0; k < static_cast<std::size_t>(c); ++k) {
            const std::size_t cell = i * repeats + k;
            rows.push_back({index, a.valid[cell], a.test[cell], a.runtime[cell]});
            const auto from = a.curve.begin() + static_cast<std::ptrdiff_t>(cell * epochs);
            curves.values.insert(curves.values.end(), from, from + static_cast<std::ptrdiff_t>(epochs));
        }
    }
    return rows;
}

}  // namespace

Table load(const std::string& path) {
    const std::string who = "NAS-Bench-201 table '" + path + "'";
    require_input_file(path, who);
    if (!h5::is_hdf5(path))
        throw UserError("'" + path + "' is not an HDF5 file; bobench reads NAS-Bench-201 from its own HDF5 layout "
                        "(hpobench_tables/README.md), written by scripts/convert_nasbench201.py");
    h5::Handle file = h5::open_file(path);
    h5::Handle root = h5::open_group(file.get(), "/");
    const hid_t r = root.get();
    const std::string dataset = check_layout(r, path, who);
    const Arrays arrays = read_arrays(r, who);
    Table::Curves curves{arrays.epochs, {}};
    std::vector<Table::Row> rows = table_rows(arrays, curves, who);

    Table::Provenance prov;
    prov.layout = "nasbench201";
    prov.source = path;
    prov.dataset = dataset;
    if (h5::has_attribute(r, "bobench_fixture")) prov.fixture = h5::read_string_attribute(r, "bobench_fixture");
    prov.objective_name = "valid_error";
    prov.test_name = "test_error";
    prov.cost_name = "runtime";
    prov.contents.push_back("attribute dataset = " + dataset);
    if (h5::has_attribute(r, "source")) prov.contents.push_back("attribute source = " + h5::read_string_attribute(r, "source"));
    for (const std::string& name : h5::children(r)) prov.contents.push_back("/" + name + " " + h5io::type_and_shape(r, name));
    return Table(space(), std::move(rows), std::move(prov), std::move(curves));
}

void write_fixture(const std::string& path, const std::string& dataset, std::uint64_t n, std::size_t epochs) {
    if (std::find(datasets().begin(), datasets().end(), dataset) == datasets().end())
        throw UserError("dataset '" + dataset + "' is not valid; expected one of " + join(datasets(), ", "));
    if (n == 0 || n > configurations) n = configurations;
    constexpr std::size_t repeats = 3;
    // per-operation penalty and per-edge weight of the formula (README)
    const double quality[n_ops] = {0.10, 0.05, 0.03, 0.0, 0.06};
    const double weight[n_edges] = {1.0, 0.6, 0.8, 0.4, 0.5, 0.7};
    const double offset = dataset == "cifar10" ? 0.06 : dataset == "cifar100" ? 0.27 : 0.53;
    const double slower = dataset == "imagenet16" ? 3.0 : 1.0;

    std::vector<unsigned char> arch(n * n_edges), count(n, repeats);
    std::vector<double> valid(n * repeats), test(n * repeats), runtime(n * repeats), curve(n * repeats * epochs);
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t c = i * 7919 % configurations;
        int ops[n_edges];
        for (std::size_t e = 0, rest = c; e < n_edges; ++e) {
            ops[n_edges - 1 - e] = static_cast<int>(rest % n_ops);
            rest /= n_ops;
        }
        double base = offset;
        int conv3 = 0, conv1 = 0, pool = 0;
        for (std::size_t e = 0; e < n_edges; ++e) {
            arch[i * n_edges + e] = static_cast<unsigned char>(ops[e]);
            base += weight[e] * quality[ops[e]] / 3;
            conv3 += ops[e] == 3;
            conv1 += ops[e] == 2;
            pool += ops[e] == 4;
        }
        if (ops[3] == 0 && ops[4] == 0 && ops[5] == 0) base += 0.3;  // nothing reaches the output node
        for (std::size_t r = 0; r < repeats; ++r) {
            valid[i * repeats + r] = base * (1 + 0.03 * fixture_noise(c, r, 0));
            test[i * repeats + r] = base * (1.02 + 0.03 * fixture_noise(c, r, 1));
            runtime[i * repeats + r] = (1500 + 400 * conv3 + 150 * conv1 + 50 * pool) * slower * (1 + 0.05 * fixture_noise(c, r, 2));
            // the learning curve falls to the final validation error at the last epoch
            const double shape_end = std::exp(-8.0);
            for (std::size_t e = 1; e <= epochs; ++e) {
                const double shape = std::exp(-8.0 * static_cast<double>(e) / static_cast<double>(epochs));
                curve[(i * repeats + r) * epochs + e - 1] = valid[i * repeats + r] * (1 + 3 * (shape - shape_end));
            }
        }
    }

    h5::write_file_whole(path, [&](hid_t file) {  // whole or not at all, no temporary left behind
        h5::Handle root = h5::open_group(file, "/");
        const hid_t r = root.get();
        h5::write_attribute(r, "layout", std::string(layout_name));
        h5::write_attribute(r, "layout_version", layout_version);
        h5::write_attribute(r, "dataset", dataset);
        h5::write_attribute(r, "operations", json_list(operations()));
        h5::write_attribute(r, "edges", json_list(edges()));
        h5::write_attribute(r, "source", std::string(fixture_note));
        h5::write_attribute(r, "bobench_fixture", std::string(fixture_note));
        h5io::write_uint8(r, "arch", {n, n_edges}, arch.data());
        h5io::write_doubles(r, "valid_error", {n, repeats}, valid.data());
        h5io::write_doubles(r, "test_error", {n, repeats}, test.data());
        h5io::write_doubles(r, "runtime", {n, repeats}, runtime.data());
        if (epochs > 0) h5io::write_doubles(r, "valid_error_curve", {n, repeats, epochs}, curve.data());
        h5io::write_uint8(r, "repeats", {n}, count.data());
    });
}

ProblemFactory factory() {
    ProblemFactory f;
    f.name = "nasbench201";
    f.description = "NAS-Bench-201 (Dong & Yang 2020): 15,625 cells, 6 edges x 5 operations, final validation "
                    "error; reads bobench's HDF5 layout (scripts/convert_nasbench201.py)";
    f.params = {ParamSpec::choice("dataset", "cifar10", datasets(), "image dataset")};
    for (ParamSpec& p : dataset_file_params()) f.params.push_back(std::move(p));
    for (ParamSpec& p : common_params("auto")) f.params.push_back(std::move(p));
    f.make = [](const ProblemSetup& setup, const Args& args) -> std::shared_ptr<const Problem> {
        const std::string dataset = args.text("dataset");
        std::string path = args.text("file");
        const std::string who = "nasbench201:dataset=" + dataset + (path.empty() ? "" : ",file=" + path);
        const std::string how = "Convert the official NAS-Bench-201 data (NAS-Bench-201-v1_1-096897.pth from the "
                                "NAS-Bench-201 authors, read with the nas_201_api package) with `python3 "
                                "scripts/convert_nasbench201.py --nb201 NAS-Bench-201-v1_1-096897.pth --dataset " +
                                dataset + " --out DIR/" + file_name(dataset) +
                                "`, then point bobench at DIR with --data-dir DIR, BOBENCH_DATA=DIR or "
                                "nasbench201:data_dir=DIR. Without the data, `bobench tabular fixture --layout "
                                "nasbench201 --dataset " + dataset + " --out DIR/" + file_name(dataset) +
                                "` writes a synthetic stand-in (not the benchmark).";
        if (path.empty()) {
            const std::string dir = data_directory(args.text("data_dir"), setup);
            path = (std::filesystem::path(dir) / file_name(dataset)).string();
            if (!std::filesystem::exists(path))
                throw UserError(who + ": the table " + file_name(dataset) + " is not in the data folder '" + dir +
                                "' (from " + data_directory_origin(args.text("data_dir"), setup) + "; looked for " +
                                path + "). " + how);
        } else if (!std::filesystem::exists(path)) {
            throw UserError(who + ": file = '" + path + "' does not exist. " + how);
        }
        auto table = load_once("nasbench201", path, load);
        if (table->provenance().dataset != dataset)
            throw UserError(who + ": '" + path + "' holds dataset '" + table->provenance().dataset + "', not '" +
                            dataset + "'");
        return make_problem(std::move(table), args, who, {{"suite", "nasbench201"}, {"dataset", dataset}});
    };
    return f;
}

}  // namespace bobench::tables::nasbench201
