#include "hpobench_tables/table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::tables {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr std::uint64_t max_configs = std::uint64_t{1} << 62;
}  // namespace

Table::Table(Space space, std::vector<Row> rows, Provenance provenance, Curves curves)
    : space_(std::move(space)), prov_(std::move(provenance)), epochs_(curves.epochs) {
    if (curves.values.size() != rows.size() * epochs_) throw std::logic_error("Table: curves do not match the rows");
    const std::size_t d = space_.size();
    if (d == 0) throw UserError("table '" + prov_.source + "': no configuration parameters");
    for (const Param& p : space_.params())
        if (!p.is_discrete())
            throw UserError("table '" + prov_.source + "': parameter '" + p.name +
                            "' is real-valued; a table needs discrete parameters (ordinal, integer, categorical)");
    stride_.assign(d, 1);
    for (std::size_t i = d; i-- > 0;) {
        stride_[i] = configs_;
        const std::uint64_t k = space_[i].cardinality();
        if (configs_ > max_configs / k)
            throw UserError("table '" + prov_.source + "': the space has more than 2^62 configurations");
        configs_ *= k;
    }

    // Rows of one configuration become its repeats, in the order given (sorted through a
    // permutation, which also orders the curves).
    std::vector<std::size_t> order(rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rows[a].config < rows[b].config; });
    auto row = [&](std::size_t i) -> const Row& { return rows[order[i]]; };
    std::size_t longest = 0;
    for (std::size_t i = 0; i < rows.size();) {
        if (row(i).config >= configs_) throw std::logic_error("Table: configuration index out of range");
        std::size_t j = i;
        while (j < rows.size() && row(j).config == row(i).config) ++j;
        slot_config_.push_back(row(i).config);
        count_.push_back(static_cast<std::uint32_t>(j - i));
        longest = std::max(longest, j - i);
        i = j;
    }
    if (slot_config_.size() >= absent) throw UserError("table '" + prov_.source + "': too many configurations");
    repeats_ = longest;

    const std::size_t slots = slot_config_.size();
    objective_.assign(slots * repeats_, nan);
    test_.assign(slots * repeats_, nan);
    cost_.assign(slots * repeats_, nan);
    for (std::size_t s = 0, i = 0; s < slots; ++s)
        for (std::size_t r = 0; r < count_[s]; ++r, ++i) {
            objective_[s * repeats_ + r] = row(i).objective;
            test_[s * repeats_ + r] = row(i).test;
            cost_[s * repeats_ + r] = row(i).cost;
        }
    place_curves(std::move(curves.values), order);

    // A dense index costs 4 bytes per configuration of the space: fine unless the space is
    // far larger than the table (generic tables over wide spaces).
    const bool dense = configs_ <= std::max<std::uint64_t>(std::uint64_t{1} << 20, 4 * std::uint64_t{slots}) &&
                       configs_ <= (std::uint64_t{1} << 28);
    if (dense) {
        dense_slot_.assign(configs_, absent);
        for (std::size_t s = 0; s < slots; ++s) dense_slot_[slot_config_[s]] = static_cast<std::uint32_t>(s);
    } else {
        sparse_slot_.reserve(slots);
        for (std::size_t s = 0; s < slots; ++s) sparse_slot_.emplace_back(slot_config_[s], static_cast<std::uint32_t>(s));
    }

    auto mean = [&](const std::vector<double>& v, std::size_t s) {
        double sum = 0;
        for (std::size_t r = 0; r < count_[s]; ++r) sum += v[s * repeats_ + r];
        return sum / static_cast<double>(count_[s]);  // NaN propagates, as in numpy
    };
    mean_objective_.resize(slots);
    mean_test_.resize(slots);
    mean_cost_.resize(slots);
    for (std::size_t s = 0; s < slots; ++s) {
        mean_objective_[s] = mean(objective_, s);
        mean_test_[s] = mean(test_, s);
        mean_cost_[s] = mean(cost_, s);
        bool nan_objective = false;
        for (std::size_t r = 0; r < count_[s]; ++r) {
            const std::size_t i = s * repeats_ + r;
            nan_objective |= std::isnan(objective_[i]);
            nans_.objective += std::isnan(objective_[i]);
            nans_.test += has_test() && std::isnan(test_[i]);
            nans_.cost += has_cost() && std::isnan(cost_[i]);
        }
        nans_.configs += nan_objective;
        const auto s32 = static_cast<std::uint32_t>(s);
        if (std::isfinite(mean_objective_[s]) && (!best_objective_ || mean_objective_[s] < mean_objective_[*best_objective_]))
            best_objective_ = s32;
        if (std::isfinite(mean_test_[s]) && (!best_test_ || mean_test_[s] < mean_test_[*best_test_])) best_test_ = s32;
    }
}

void Table::place_curves(std::vector<float> values, const std::vector<std::size_t>& order) {
    const std::size_t e = epochs_;
    if (e == 0) return;
    const bool complete = std::all_of(count_.begin(), count_.end(), [&](std::uint32_t c) { return c == repeats_; });
    if (!complete) {  // repeats padded with NaN: copy row by row
        curve_.assign(present() * repeats_ * e, std::numeric_limits<float>::quiet_NaN());
        for (std::size_t s = 0, i = 0; s < present(); ++s)
            for (std::size_t r = 0; r < count_[s]; ++r, ++i)
                std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(order[i] * e), e,
                            curve_.begin() + static_cast<std::ptrdiff_t>((s * repeats_ + r) * e));
        return;
    }
    // every row i of the table is row order[i] of the input: permute in place, cycle by cycle,
    // so a 100 MB table (full FCNet) is never held twice
    std::vector<bool> done(order.size(), false);
    std::vector<float> held(e);
    auto at = [&](std::size_t i) { return values.begin() + static_cast<std::ptrdiff_t>(i * e); };
    for (std::size_t start = 0; start < order.size(); ++start) {
        if (done[start] || order[start] == start) continue;
        std::copy_n(at(start), e, held.begin());
        std::size_t j = start;
        for (std::size_t k = order[j]; k != start; j = k, k = order[j]) {
            std::copy_n(at(k), e, at(j));
            done[j] = true;
        }
        std::copy_n(held.begin(), e, at(j));
        done[j] = true;
    }
    if (values.capacity() > values.size() + values.size() / 8) values.shrink_to_fit();  // a reader reserved for a full table
    curve_ = std::move(values);
}

std::uint64_t Table::index_of(const Point& x) const {
    const std::vector<Param>& params = space_.params();
    if (x.size() != params.size()) {
        throw UserError("table '" + prov_.source + "': " + space_.why_not_contains(x));
    }
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Param& p = params[i];
        const double v = x[i];
        std::size_t k = 0;
        bool ok = false;
        switch (p.kind) {
            case ParamKind::Ordinal: {
                const auto it = std::lower_bound(p.values.begin(), p.values.end(), v);
                ok = it != p.values.end() && *it == v;
                k = static_cast<std::size_t>(it - p.values.begin());
                break;
            }
            case ParamKind::Categorical:
                ok = v >= 0 && v < static_cast<double>(p.choices.size()) && v == std::floor(v);
                k = ok ? static_cast<std::size_t>(v) : 0;
                break;
            case ParamKind::Integer:
                ok = v >= p.lo && v <= p.hi && v == std::floor(v);
                k = ok ? static_cast<std::size_t>(v - p.lo) : 0;
                break;
            case ParamKind::Real: break;
        }
        if (!ok) {
            std::string why = space_.why_not_contains(x);
            if (why.empty()) why = p.name + " = " + format_double(v) + " is not a value of the table";
            throw UserError("table '" + prov_.source + "': " + why);
        }
        index += k * stride_[i];
    }
    return index;
}

Point Table::point_at(std::uint64_t index) const {
    Point x(space_.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        x[i] = space_[i].value_at(static_cast<std::size_t>(index / stride_[i]));
        index %= stride_[i];
    }
    return x;
}

std::uint32_t Table::slot(std::uint64_t index) const {
    if (!dense_slot_.empty()) return index < configs_ ? dense_slot_[index] : absent;
    const auto it = std::lower_bound(sparse_slot_.begin(), sparse_slot_.end(), std::make_pair(index, std::uint32_t{0}));
    return it != sparse_slot_.end() && it->first == index ? it->second : absent;
}

std::optional<std::uint64_t> Table::first_missing() const {
    for (std::uint64_t s = 0; s < slot_config_.size(); ++s)
        if (slot_config_[s] != s) return s;  // configurations are sorted: the first gap
    if (slot_config_.size() < configs_) return slot_config_.size();
    return std::nullopt;
}

RepeatMode RepeatMode::parse(const std::string& text, std::size_t repeats, const std::string& who) {
    RepeatMode m;
    long r = 0;
    if (text == "random") m.kind = Kind::Random;
    else if (text == "mean") m.kind = Kind::Mean;
    else if (parse_long(text, r) && r >= 0 && static_cast<std::size_t>(r) < repeats) {
        m.kind = Kind::Fixed;
        m.index = static_cast<std::uint32_t>(r);
    } else {
        throw UserError(who + ": repeat = '" + text + "' is not valid; expected random, mean or a repeat index in [0, " +
                        std::to_string(repeats == 0 ? 0 : repeats - 1) + "]");
    }
    return m;
}

std::string RepeatMode::str() const {
    switch (kind) {
        case Kind::Random: return "random";
        case Kind::Mean: return "mean";
        case Kind::Fixed: return std::to_string(index);
    }
    return {};
}

ValidOptimum parse_valid_optimum(const std::string& text) {
    if (text == "lowest-mean") return ValidOptimum::LowestMean;
    if (text == "best-test-config") return ValidOptimum::BestTestConfig;
    throw UserError("valid_optimum = '" + text + "' is not valid; expected lowest-mean or best-test-config");
}

TableProblem::TableProblem(std::shared_ptr<const Table> table, RepeatMode repeat, ValidOptimum valid_optimum,
                           Metadata metadata)
    : table_(std::move(table)), repeat_(repeat), metadata_(std::move(metadata)) {
    const Table& t = *table_;
    if (const auto best = t.best_test_slot()) test_optimum_ = t.mean_test(*best);
    if (valid_optimum == ValidOptimum::LowestMean) {
        if (const auto best = t.best_objective_slot()) optimum_ = t.mean_objective(*best);
    } else {
        const auto best = t.best_test_slot();
        if (!best)
            throw UserError("table '" + t.provenance().source +
                            "': valid_optimum = best-test-config needs a test metric, and the table has none");
        optimum_ = t.mean_objective(*best);
    }
    metadata_["layout"] = t.provenance().layout;
    metadata_["file"] = t.provenance().source;
    metadata_["repeat"] = repeat_.str();
    metadata_["dimension"] = std::to_string(t.space().size());
    if (t.is_fixture()) metadata_["synthetic_fixture"] = t.provenance().fixture;
}

std::optional<Fidelity> TableProblem::fidelity() const {
    const std::size_t e = table_->epochs();
    if (e == 0) return std::nullopt;
    return Fidelity{"epoch", 1, static_cast<double>(e), true};
}

Evaluation TableProblem::evaluate(const Point& x, Rng& rng) const { return lookup(x, 0, rng); }

Evaluation TableProblem::evaluate_at(const Point& x, double fidelity, Rng& rng) const {
    check_fidelity(this->fidelity(), fidelity, "table '" + table_->provenance().source + "'");
    const auto epoch = static_cast<std::size_t>(fidelity);
    return lookup(x, epoch == table_->epochs() ? 0 : epoch, rng);
}

Evaluation TableProblem::lookup(const Point& x, std::size_t epoch, Rng& rng) const {
    const Table& t = *table_;
    const std::uint32_t s = t.slot(t.index_of(x));
    Evaluation e;  // NaN value: the runner records a failed evaluation
    if (s == Table::absent) return e;
    const std::uint32_t n = t.count(s);
    // the objective of repeat r at the requested epoch (the final value when epoch is 0)
    auto objective = [&](std::uint32_t r) { return epoch ? t.curve(s, r, epoch) : t.objective(s, r); };
    double cost = 0;
    switch (repeat_.kind) {
        case RepeatMode::Kind::Random: {
            const std::uint32_t r = boost::random::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng);
            e.value = objective(r);
            cost = t.cost(s, r);
            break;
        }
        case RepeatMode::Kind::Fixed:
            if (repeat_.index >= n) return e;  // this configuration lacks that repeat
            e.value = objective(repeat_.index);
            cost = t.cost(s, repeat_.index);
            break;
        case RepeatMode::Kind::Mean:
            if (epoch) {
                double sum = 0;
                for (std::uint32_t r = 0; r < n; ++r) sum += objective(r);
                e.value = sum / n;
            } else {
                e.value = t.mean_objective(s);
            }
            cost = t.mean_cost(s);
            break;
    }
    e.true_value = e.value;
    e.cost = std::isfinite(cost) ? cost : 0.0;
    if (epoch) e.cost *= static_cast<double>(epoch) / static_cast<double>(t.epochs());
    else e.test_value = t.mean_test(s);  // a partially trained network has no test value
    return e;
}

}  // namespace bobench::tables
