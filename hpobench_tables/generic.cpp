#include "hpobench_tables/generic.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/csv.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "hpobench_tables/cache.hpp"
#include "hpobench_tables/catalog.hpp"
#include "hpobench_tables/h5_io.hpp"

namespace bobench::tables::generic {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

bool is_nan_text(const std::string& s) {
    std::string l = s;
    std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return l.empty() || l == "nan" || l == "na" || l == "null";
}

Columns read_csv(const std::string& path) {
    Columns out;
    out.source = path;
    std::vector<std::vector<std::string>> cells;
    std::vector<std::string> header;
    for (CsvRecord& record : read_csv_records(path, "table")) {
        const std::string where = path + ":" + std::to_string(record.line);
        std::vector<std::string> fields = std::move(record.fields);
        if (header.empty()) {
            header = fields;
            for (const std::string& h : header)
                if (h.empty()) throw UserError(where + ": a column has no name");
            refuse_repeated_columns({record.line, header}, "table", path);
            cells.resize(header.size());
            continue;
        }
        if (fields.size() != header.size())
            throw UserError(where + ": " + std::to_string(fields.size()) + " fields; the header has " +
                            std::to_string(header.size()));
        for (std::size_t c = 0; c < fields.size(); ++c) cells[c].push_back(std::move(fields[c]));
    }
    if (header.empty()) throw UserError("table '" + path + "' is empty: expected a header line of column names");
    for (std::size_t c = 0; c < header.size(); ++c) {
        Column col;
        col.name = header[c];
        col.numbers.reserve(cells[c].size());
        for (const std::string& s : cells[c]) {
            double v;
            if (parse_double(s, v)) col.numbers.push_back(v);
            else if (is_nan_text(s)) col.numbers.push_back(nan);
            else {
                col.numeric = false;
                break;
            }
        }
        if (!col.numeric) {
            col.numbers.clear();
            col.text = std::move(cells[c]);
        }
        out.columns.push_back(std::move(col));
    }
    return out;
}

Columns read_hdf5(const std::string& path, const std::string& group) {
    Columns out;
    out.source = path;
    h5::Handle file = h5::open_file(path);
    if (!h5::exists(file.get(), group) && group != "/")
        throw UserError("table '" + path + "': group '" + group + "' does not exist");
    h5::Handle g = h5::open_group(file.get(), group);
    if (h5::has_attribute(g.get(), "space")) out.declared_space = h5::read_string_attribute(g.get(), "space");
    std::vector<hsize_t> dims;
    for (const std::string& name : h5::children(g.get())) {
        Column col;
        col.name = name;
        const h5io::ReadStatus st = h5io::read_numeric(g.get(), name.c_str(), dims, col.numbers);
        if (st == h5io::ReadStatus::NotDataset) continue;  // subgroups are not columns
        if (st == h5io::ReadStatus::Ok) {
            if (dims.size() != 1)
                throw UserError("table '" + path + "': column '" + name + "' has shape " + h5io::shape_text(dims) +
                                "; columns are 1-D datasets");
        } else {
            col.numeric = false;
            if (!h5io::read_strings(g.get(), name, col.text))
                throw UserError("table '" + path + "': column '" + name + "' is neither numeric nor text (1-D)");
        }
        out.columns.push_back(std::move(col));
    }
    if (out.columns.empty()) throw UserError("table '" + path + "': group '" + group + "' holds no 1-D datasets");
    for (const Column& c : out.columns)
        if (c.size() != out.columns.front().size())
            throw UserError("table '" + path + "': column '" + c.name + "' has " + std::to_string(c.size()) +
                            " rows, column '" + out.columns.front().name + "' has " +
                            std::to_string(out.columns.front().size()));
    return out;
}

std::vector<std::string> sorted_unique(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::vector<double> sorted_unique_finite(const std::vector<double>& in) {
    std::vector<double> v;
    for (double x : in)
        if (std::isfinite(x)) v.push_back(x);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::vector<Param> parse_space(const std::string& json_text, const std::string& origin) {
    const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
    const char* form = "; expected {\"params\": [{\"name\": ..., \"type\": \"ordinal\"|\"categorical\"|\"integer\", "
                       "\"values\"|\"choices\"|\"lo\"+\"hi\": ...}, ...]}";
    if (j.is_discarded() || !j.is_object() || !j.contains("params") || !j["params"].is_array())
        throw UserError(origin + ": not a space declaration" + form);
    std::vector<Param> params;
    for (const auto& p : j["params"]) {
        if (!p.is_object() || !p.contains("name") || !p["name"].is_string() || !p.contains("type"))
            throw UserError(origin + ": parameter " + p.dump() + " lacks a name or type" + form);
        const std::string name = p["name"], type = p["type"].is_string() ? p["type"].get<std::string>() : "";
        try {
            if (type == "ordinal") {
                std::vector<double> v = p.at("values").get<std::vector<double>>();
                params.push_back(Param::ordinal(name, v));
            } else if (type == "categorical") {
                std::vector<std::string> c;
                for (const auto& x : p.at("choices")) c.push_back(x.is_string() ? x.get<std::string>() : x.dump());
                params.push_back(Param::categorical(name, c));
            } else if (type == "integer") {
                params.push_back(Param::integer(name, p.at("lo").get<long>(), p.at("hi").get<long>()));
            } else {
                throw UserError(origin + ": parameter '" + name + "' has type " + p["type"].dump() +
                                "; expected ordinal, categorical or integer");
            }
        } catch (const nlohmann::json::exception&) {
            throw UserError(origin + ": parameter '" + name + "' is not a valid " + type + " parameter" + form);
        }
    }
    Space check(params);  // validates names and values (UserError)
    return params;
}

// Value index of one cell under a parameter; false when the value is not in its domain.
bool cell_index(const Param& p, const Column& col, std::size_t row, const std::vector<double>& numeric_choices,
                std::size_t& k) {
    switch (p.kind) {
        case ParamKind::Categorical:
            if (!col.numeric) {
                const auto it = std::find(p.choices.begin(), p.choices.end(), col.text[row]);
                k = static_cast<std::size_t>(it - p.choices.begin());
                return it != p.choices.end();
            }
            for (k = 0; k < numeric_choices.size(); ++k)
                if (numeric_choices[k] == col.numbers[row]) return true;
            return false;
        case ParamKind::Ordinal:
            if (!col.numeric) return false;
            for (k = 0; k < p.values.size(); ++k)
                if (std::abs(col.numbers[row] - p.values[k]) <= 1e-12 * std::max(1.0, std::abs(p.values[k]))) return true;
            return false;
        case ParamKind::Integer: {
            const double v = col.numeric ? col.numbers[row] : nan;
            if (!(v >= p.lo && v <= p.hi && v == std::floor(v))) return false;
            k = static_cast<std::size_t>(v - p.lo);
            return true;
        }
        case ParamKind::Real: break;
    }
    return false;
}

std::string cell_text(const Column& col, std::size_t row) {
    return col.numeric ? format_double(col.numbers[row]) : col.text[row];
}

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    if (trim(s).empty()) return out;
    for (std::string& x : split(s, ',')) out.push_back(std::move(x));
    return out;
}
}  // namespace

const Column* Columns::find(const std::string& name) const {
    for (const Column& c : columns)
        if (c.name == name) return &c;
    return nullptr;
}

Columns read_columns(const std::string& path, const std::string& group) {
    require_input_file(path, "table '" + path + "'");
    return h5::is_hdf5(path) ? read_hdf5(path, group) : read_csv(path);
}

std::string describe_columns(const Columns& cols) {
    std::ostringstream s;
    const std::size_t rows = cols.columns.empty() ? 0 : cols.columns.front().size();
    s << "rows: " << rows << "\ncolumns:\n";
    for (const Column& c : cols.columns) {
        s << "  " << c.name << ": ";
        if (c.numeric) {
            const std::vector<double> v = sorted_unique_finite(c.numbers);
            const auto missing = std::count_if(c.numbers.begin(), c.numbers.end(), [](double x) { return std::isnan(x); });
            s << "numeric, " << v.size() << " distinct values";
            if (!v.empty()) s << " in [" << format_double(v.front()) << ", " << format_double(v.back()) << "]";
            if (missing) s << ", " << missing << " empty or NaN";
        } else {
            const std::vector<std::string> v = sorted_unique(c.text);
            s << "text, " << v.size() << " distinct values";
            if (v.size() <= 8) s << " (" << join(v, ", ") << ")";
        }
        s << "\n";
    }
    if (!cols.declared_space.empty()) s << "declared space (attribute 'space'): " << cols.declared_space << "\n";
    return s.str();
}

namespace {

// The space declared by a space file, else by the table's 'space' attribute; empty if neither.
std::vector<Param> declared_space(const Options& o, const Columns& cols, const std::string& who) {
    if (!o.space_file.empty()) {
        const std::string culprit = who + ": cannot read space file '" + o.space_file + "'";
        require_regular_file(o.space_file, culprit);  // a pipe would block
        std::ifstream in(o.space_file);
        if (!in) throw UserError(culprit);
        std::ostringstream text;
        text << in.rdbuf();
        return parse_space(text.str(), "space file '" + o.space_file + "'");
    }
    if (!cols.declared_space.empty()) return parse_space(cols.declared_space, who + ", attribute 'space'");
    return {};
}

// The configuration columns: as given, else the declared space's, else every column that is
// not the objective, test or cost.
std::vector<std::string> configuration_names(const Options& o, const std::vector<Param>& declared,
                                             const std::vector<std::string>& names, const std::string& who) {
    std::vector<std::string> config_names = o.params;
    if (config_names.empty()) {
        if (!declared.empty()) {
            for (const Param& p : declared) config_names.push_back(p.name);
        } else {
            for (const std::string& n : names)
                if (n != o.objective && n != o.cost && n != o.test) config_names.push_back(n);
        }
    }
    if (config_names.empty()) throw UserError(who + ": no configuration columns");
    return config_names;
}

// A configuration column's parameter: the declared one, else inferred from its values
// (text: categorical; numbers: ordinal, or categorical when listed in categorical=).
Param column_parameter(const Column& c, const std::vector<Param>& declared, const Options& o, const std::string& who) {
    const auto d = std::find_if(declared.begin(), declared.end(), [&](const Param& p) { return p.name == c.name; });
    if (d != declared.end()) return *d;
    if (!declared.empty()) throw UserError(who + ": column '" + c.name + "' is not in the declared space");
    if (!c.numeric) return Param::categorical(c.name, sorted_unique(c.text));
    const std::vector<double> v = sorted_unique_finite(c.numbers);
    if (v.empty()) throw UserError(who + ": column '" + c.name + "' has no values");
    if (std::find(o.categorical.begin(), o.categorical.end(), c.name) == o.categorical.end())
        return Param::ordinal(c.name, v);
    std::vector<std::string> choices;
    for (double x : v) choices.push_back(format_double(x));
    return Param::categorical(c.name, choices);
}

// Each data row's configuration as its index in the space (mixed radix over the parameters).
std::vector<std::uint64_t> row_indices(const std::vector<Param>& params, const std::vector<const Column*>& config_cols,
                                       std::size_t n, bool declared, const std::string& who) {
    std::vector<std::vector<double>> numeric_choices(params.size());
    for (std::size_t i = 0; i < params.size(); ++i)
        for (const std::string& ch : params[i].choices) {
            double v;
            numeric_choices[i].push_back(parse_double(ch, v) ? v : nan);
        }
    std::vector<std::uint64_t> stride(params.size(), 1);
    for (std::size_t i = params.size() - 1; i-- > 0;) stride[i] = stride[i + 1] * params[i + 1].cardinality();

    std::vector<std::uint64_t> indices(n, 0);
    for (std::size_t row = 0; row < n; ++row)
        for (std::size_t i = 0; i < params.size(); ++i) {
            std::size_t k = 0;
            if (!cell_index(params[i], *config_cols[i], row, numeric_choices[i], k))
                throw UserError(who + ": data row " + std::to_string(row + 1) + ": " + params[i].name + " = '" +
                                cell_text(*config_cols[i], row) + "' is not a value of the " +
                                (declared ? "declared" : "inferred") + " space");
            indices[row] += k * stride[i];
        }
    return indices;
}

}  // namespace

Table load(const std::string& path, const Options& o) {
    const Columns cols = read_columns(path, o.group);
    const std::string who = "table '" + path + "'";
    std::vector<std::string> names;
    for (const Column& c : cols.columns) names.push_back(c.name);
    auto column = [&](const std::string& name, const std::string& role) -> const Column& {
        if (const Column* c = cols.find(name)) return *c;
        throw UserError(who + ": no column '" + name + "' (" + role + "); columns: " + join(names, ", "));
    };
    auto numeric = [&](const std::string& name, const std::string& role) -> const Column* {
        if (name.empty()) return nullptr;
        const Column& c = column(name, role);
        if (!c.numeric) throw UserError(who + ": column '" + name + "' (" + role + ") is not numeric");
        return &c;
    };
    const Column* objective = numeric(o.objective, "objective");
    if (!objective) throw UserError(who + ": no objective column given (objective=COLUMN)");
    const Column* test = numeric(o.test, "test");
    const Column* cost = numeric(o.cost, "cost");

    const std::vector<Param> declared = declared_space(o, cols, who);
    std::vector<const Column*> config_cols;
    std::vector<Param> params;
    const std::vector<std::string> config_names = configuration_names(o, declared, names, who);
    for (const std::string& name : config_names) {
        config_cols.push_back(&column(name, "configuration parameter"));
        params.push_back(column_parameter(*config_cols.back(), declared, o, who));
    }
    for (const std::string& c : o.categorical)
        if (std::find(config_names.begin(), config_names.end(), c) == config_names.end())
            throw UserError(who + ": categorical = " + c + " is not a configuration column (" + join(config_names, ", ") + ")");
    Space sp(params);

    const std::size_t n = objective->size();
    const std::vector<std::uint64_t> index = row_indices(params, config_cols, n, !declared.empty(), who);
    std::vector<Table::Row> rows;
    rows.reserve(n);
    for (std::size_t row = 0; row < n; ++row)
        rows.push_back({index[row], objective->numbers[row], test ? test->numbers[row] : nan, cost ? cost->numbers[row] : nan});

    Table::Provenance prov;
    prov.layout = "table";
    prov.source = path;
    prov.objective_name = o.objective;
    prov.test_name = o.test;
    prov.cost_name = o.cost;
    std::istringstream lines(describe_columns(cols));
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("  ", 0) == 0) prov.contents.push_back(trim(line));
    return Table(std::move(sp), std::move(rows), std::move(prov));
}

ProblemFactory factory() {
    ProblemFactory f;
    f.name = "table";
    f.description = "any CSV or HDF5 table of results as a problem: configuration columns -> objective "
                    "(optional cost, test); space inferred or declared";
    f.params = {
        ParamSpec::text("file", "", "the table (CSV, or HDF5 with one 1-D dataset per column)"),
        ParamSpec::text("objective", "objective", "objective column (minimised)"),
        ParamSpec::text("cost", "", "cost column (e.g. seconds); empty: none"),
        ParamSpec::text("test", "", "test metric column; empty: none"),
        ParamSpec::text("params", "", "configuration columns, comma-separated; empty: all other columns"),
        ParamSpec::text("categorical", "", "numeric configuration columns to treat as categorical"),
        ParamSpec::text("space", "", "JSON file declaring the space (see hpobench_tables/README.md)"),
        ParamSpec::text("group", "/", "HDF5 group holding the columns"),
        ParamSpec::text("data_dir", "", "folder to look in for a relative file not found as given"),
    };
    for (ParamSpec& p : common_params("fail")) f.params.push_back(std::move(p));
    f.make = [](const ProblemSetup& setup, const Args& args) -> std::shared_ptr<const Problem> {
        std::string path = args.text("file");
        if (path.empty()) throw UserError("table: no file given; usage: table:file=PATH,objective=COLUMN");
        if (!std::filesystem::exists(path) && std::filesystem::path(path).is_relative()) {
            const std::filesystem::path folder = data_directory(args.text("data_dir"), setup);
            const std::string in_data = (folder / path).string();
            if (std::filesystem::exists(in_data)) path = in_data;
        }
        if (!std::filesystem::exists(path))
            throw UserError("table: file = '" + path + "' does not exist (relative names are also looked up in the data folder, " +
                            data_directory_origin(args.text("data_dir"), setup) + ")");
        Options o;
        o.objective = args.text("objective");
        o.cost = args.text("cost");
        o.test = args.text("test");
        o.params = split_list(args.text("params"));
        o.categorical = split_list(args.text("categorical"));
        o.space_file = args.text("space");
        o.group = args.text("group");
        const std::string kind = "table\n" + o.objective + "\n" + o.cost + "\n" + o.test + "\n" + args.text("params") +
                                 "\n" + args.text("categorical") + "\n" + o.space_file + "\n" + o.group;
        auto table = load_once(kind, path, [&](const std::string& p) { return load(p, o); });
        return make_problem(std::move(table), args, "table:file=" + args.text("file"),
                            {{"suite", "table"}, {"objective", o.objective}});
    };
    return f;
}

}  // namespace bobench::tables::generic
