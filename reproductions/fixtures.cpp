#include "reproductions/fixtures.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/nasbench201.hpp"

namespace bobench::reproductions {

namespace {
namespace fs = std::filesystem;

std::string arg_or(const Identifier& id, const std::string& key, const std::string& fallback) {
    for (const auto& [k, v] : id.args)
        if (k == key) return v;
    return fallback;
}

// The benchmark table a tabular problem reads from the data folder (FCNet, NAS-Bench-201);
// "" for a problem that reads none.
std::string table_file(const Identifier& id) {
    const bool fcnet = id.name == "fcnet";
    if (!fcnet && id.name != "nasbench201") return "";
    const std::string dataset = arg_or(id, "dataset", fcnet ? "protein" : "cifar10");
    return fcnet ? tables::fcnet::dataset(dataset).file : tables::nasbench201::file_name(dataset);
}

std::string label_of(const runners::SpecEntry& e) { return e.label.empty() ? e.id.str() : e.label; }

}  // namespace

std::vector<std::pair<std::string, std::string>> needed_tables(const runners::ExperimentSpec& spec) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const runners::SpecEntry& p : spec.problems)
        if (const std::string file = table_file(p.id); !file.empty()) out.emplace_back(label_of(p), file);
    return out;
}

TableFolder prepare_tables(const runners::ExperimentSpec& spec, const ReproductionEntry& entry,
                           const std::optional<std::string>& data_dir, bool quick, bool write) {
    const fs::path folder = data_dir ? fs::path(*data_dir)
                                     : fs::path(spec.output).parent_path() / (quick ? "fixtures-quick" : "fixtures");
    fs::path fcnet_table;  // the one FCNet fixture written, the others link to it
    bool any = false;
    for (const runners::SpecEntry& p : spec.problems) {
        const std::string file = table_file(p.id);
        if (file.empty()) continue;
        any = true;
        const bool fcnet = p.id.name == "fcnet";
        const std::string dataset = arg_or(p.id, "dataset", fcnet ? "protein" : "cifar10");
        const fs::path path = folder / file;
        if (!write) continue;  // --report-only: only where the tables are is needed
        if (data_dir) {
            if (!fs::is_regular_file(path))
                throw UserError("reproduction '" + entry.name + "' needs the table '" + path.filename().string() +
                                "' (problem '" + p.label + "'), which is not in --data-dir '" + *data_dir +
                                "'; put it there (hpobench_tables/README.md says where to get it), or leave out "
                                "--data-dir to run on a SYNTHETIC fixture");
            continue;
        }
        if (fs::exists(path)) continue;
        fs::create_directories(folder);
        if (!fcnet) {
            tables::nasbench201::write_fixture(path.string(), dataset, 0);
        } else if (fcnet_table.empty()) {
            tables::fcnet::write_fixture(path.string(), quick ? 1000 : 0);
            fcnet_table = path;
        } else {
            fs::create_symlink(fcnet_table.filename(), path);
        }
    }
    if (!any) return {};
    return {folder.string(), !data_dir};
}

}  // namespace bobench::reproductions
