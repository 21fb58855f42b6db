// The results-file reader (results::read_results), as every command that takes a results
// file reads it, on files whose HDF5 structure libhdf5 itself wrote and whose contents come
// from the input: the attributes (format, version, seed, budget, policy, the problems' and
// optimizers' JSON, a values-only copy's points and true_value marks) and every /runs and
// /evals dataset, with lengths, offsets, indices and values drawn from the input (/evals/x
// and /evals/true_value present or not), read with or without the points. This is what bobench checks (every length, offset, index and
// JSON shape); bytes that break HDF5's own structures are libhdf5's to survive: fuzzing raw
// bytes crashed libhdf5 1.10.8 within seconds (H5HG_read, reading a variable-length string
// attribute whose heap reference was damaged), before any bobench code saw a value.
#include <fuzzer/FuzzedDataProvider.h>


#include "hdf5/hdf5.hpp"
#include "results/store.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {
namespace h5 = bobench::h5;

// Either a well-formed value or the input's own text, so both the deep paths and the JSON
// and number parsers are reached.
std::string either(FuzzedDataProvider& in, const std::string& valid) {
    return in.ConsumeBool() ? valid : in.ConsumeRandomLengthString(64);
}

template <class T>
std::vector<T> column(FuzzedDataProvider& in, std::size_t usual, T low, T high) {
    const std::size_t n = in.ConsumeBool() ? usual : in.ConsumeIntegralInRange<std::size_t>(0, 12);
    std::vector<T> v(n);
    for (T& x : v) x = in.ConsumeIntegralInRange<T>(low, high);
    return v;
}

std::vector<double> numbers(FuzzedDataProvider& in, std::size_t usual) {
    const std::size_t n = in.ConsumeBool() ? usual : in.ConsumeIntegralInRange<std::size_t>(0, 12);
    std::vector<double> v(n);
    for (double& x : v) x = in.ConsumeFloatingPoint<double>();
    return v;
}

void write_file(FuzzedDataProvider& in, const std::string& path) {
    h5::Handle file = h5::create_file(path);
    const hid_t f = file.get();
    h5::write_attribute(f, "format", either(in, bobench::results::store_format));
    h5::write_attribute(f, "format_version", in.ConsumeIntegralInRange<std::int64_t>(0, 2));
    for (const char* name : {"bobench_version", "git_revision", "spec"}) h5::write_attribute(f, name, either(in, "x"));
    h5::write_attribute(f, "seed", either(in, "7"));
    h5::write_attribute(f, "budget", in.ConsumeIntegral<std::int64_t>());
    h5::write_attribute(f, "on_failure", either(in, "penalize"));
    h5::write_attribute(f, "problems", either(in, R"([{"label":"p","id":"branin","dimension":2,"params":["x0","x1"],)"
                                                  R"("optimum":0.4,"test_optimum":null,"metadata":{}}])"));
    h5::write_attribute(f, "optimizers", either(in, R"([{"label":"o","id":"random-search"}])"));

    const std::size_t runs = in.ConsumeIntegralInRange<std::size_t>(0, 4), evals = 3 * runs;
    h5::Handle r = h5::create_group(f, "runs"), e = h5::create_group(f, "evals");
    h5::write_vector(r.get(), "problem", column<std::int32_t>(in, runs, -1, 1));
    h5::write_vector(r.get(), "optimizer", column<std::int32_t>(in, runs, -1, 1));
    h5::write_vector(r.get(), "replicate", column<std::int32_t>(in, runs, -1, 3));
    h5::write_vector(r.get(), "problem_seed", column<std::uint64_t>(in, runs, 0, ~std::uint64_t{0}));
    h5::write_vector(r.get(), "optimizer_seed", column<std::uint64_t>(in, runs, 0, ~std::uint64_t{0}));
    h5::write_vector(r.get(), "seconds", numbers(in, runs));
    h5::write_vector(r.get(), "eval_offset", column<std::int64_t>(in, runs, -2, evals + 2));
    h5::write_vector(r.get(), "eval_count", column<std::int64_t>(in, runs, -2, evals + 2));
    h5::write_vector(r.get(), "x_offset", column<std::int64_t>(in, runs, -2, 2 * evals + 2));
    h5::write_strings(r.get(), "notes", std::vector<std::string>(in.ConsumeBool() ? runs : runs + 1, "n"));
    for (const std::string name : {"value", "true_value", "cost", "test_value"})
        if (name != "true_value" || in.ConsumeBool()) h5::write_vector(e.get(), name, numbers(in, evals));
    h5::write_vector(e.get(), "failed", column<std::uint8_t>(in, evals, 0, 1));
    if (in.ConsumeBool()) h5::write_vector(e.get(), "x", numbers(in, 2 * evals));
    if (in.ConsumeBool()) h5::write_vector(e.get(), "fidelity", numbers(in, evals));
    // a values-only copy's marks (bobench keep)
    if (in.ConsumeBool()) h5::write_attribute(f, "points", either(in, "dropped"));
    if (in.ConsumeBool()) h5::write_attribute(f, "true_value", either(in, "value"));
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    const std::string path = bobench::fuzz::as_file(data, 0, ".h5");
    bobench::fuzz::refused_or_read([&] {
        write_file(in, path);
        (void)bobench::results::read_results(path, in.ConsumeBool());
    });
    return 0;
}
