#include "hpobench_tables/info.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "hdf5/hdf5.hpp"

namespace bobench::tables {

Layout detect_layout(const std::string& path) {
    require_input_file(path, "'" + path + "'");
    if (!h5::is_hdf5(path)) return Layout::Generic;
    h5::Handle file = h5::open_file(path);
    h5::Handle root = h5::open_group(file.get(), "/");
    if (h5::has_attribute(root.get(), "layout")) return Layout::NasBench201;
    // the first name in name order: JSON configurations start with '{', which sorts after
    // letters and digits, so any other member would come first
    const auto names = h5::children(root.get());
    if (!names.empty() && names.front().rfind("{", 0) == 0) return Layout::FCNet;
    return Layout::Generic;
}

std::string layout_name(Layout layout) {
    switch (layout) {
        case Layout::FCNet: return "FCNet (HPOBench / nas_benchmarks HDF5)";
        case Layout::NasBench201: return "NAS-Bench-201 (bobench HDF5 layout, version 1)";
        case Layout::Generic: return "generic table";
    }
    return {};
}

namespace {
struct Range {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    std::size_t finite = 0;
    void add(double v) {
        if (!std::isfinite(v)) return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        ++finite;
    }
    std::string str() const {
        if (!finite) return "no finite entries";
        std::ostringstream s;
        s << '[' << format_double(lo) << ", " << format_double(hi) << "] over " << finite << " entries";
        return s.str();
    }
};

std::string describe_param(const Param& p) {
    switch (p.kind) {
        case ParamKind::Ordinal: return p.name + " ordinal {" + join(p.values, ", ") + "}";
        case ParamKind::Categorical: return p.name + " categorical {" + join(p.choices, ", ") + "}";
        case ParamKind::Integer: return p.name + " integer [" + format_double(p.lo) + ", " + format_double(p.hi) + "]";
        case ParamKind::Real: break;
    }
    return p.name;
}
}  // namespace

std::string describe(const Table& t) {
    const Table::Provenance& p = t.provenance();
    std::ostringstream s;
    s << "file: " << p.source << "\n";
    if (t.is_fixture()) s << "SYNTHETIC FIXTURE, not benchmark data: " << p.fixture << "\n";
    s << "layout: " << p.layout << "\n";
    if (!p.dataset.empty()) s << "dataset: " << p.dataset << "\n";
    s << "configurations: " << t.present() << " of " << t.size() << " in the space";
    if (t.present() < t.size()) s << " (" << t.size() - t.present() << " missing)";
    s << "\nrepeats: " << t.repeats() << " (most of any configuration)\n";
    s << "space (" << t.space().size() << " parameters):\n";
    for (const Param& q : t.space().params()) s << "  " << describe_param(q) << "\n";
    if (!p.contents.empty()) {
        s << "contents" << (p.layout == "fcnet" ? " (first group)" : "") << ":\n";
        for (const std::string& c : p.contents) s << "  " << c << "\n";
    }
    Range obj, test, cost;
    for (std::uint32_t slot = 0; slot < t.present(); ++slot)
        for (std::size_t r = 0; r < t.count(slot); ++r) {
            obj.add(t.objective(slot, r));
            test.add(t.test(slot, r));
            cost.add(t.cost(slot, r));
        }
    const Table::NanCounts& nans = t.nan_counts();
    s << "metrics:\n";
    s << "  objective " << p.objective_name << ": " << obj.str() << "; NaN entries: " << nans.objective;
    if (nans.objective) s << " in " << nans.configs << " configurations (evaluated as failed)";
    s << "\n";
    if (t.has_test()) s << "  test " << p.test_name << ": " << test.str() << "; NaN entries: " << nans.test << "\n";
    if (t.has_cost()) s << "  cost " << p.cost_name << ": " << cost.str() << "; NaN entries: " << nans.cost << "\n";
    if (const auto b = t.best_objective_slot()) {
        s << "best configuration (lowest mean objective): " << t.space().format(t.point_at(t.config_of(*b))) << "\n";
        s << "  mean objective " << format_double(t.mean_objective(*b));
        if (t.has_test()) s << ", mean test " << format_double(t.mean_test(*b));
        s << "\n";
    }
    if (const auto b = t.best_test_slot()) {
        s << "best test configuration (lowest mean test): " << t.space().format(t.point_at(t.config_of(*b))) << "\n";
        s << "  mean objective " << format_double(t.mean_objective(*b)) << ", mean test "
          << format_double(t.mean_test(*b)) << "\n";
    }
    return s.str();
}

}  // namespace bobench::tables
