// `bobench stats` inputs: a sample (one number per line or cell) and a matrix of scores.

#include "analysis/reports/csv_input.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace reports = bobench::analysis::reports;
    const std::string path = bobench::fuzz::as_file(data, size, ".csv");
    bobench::fuzz::refused_or_read([&] {
        (void)reports::read_sample_csv(path);
    });
    bobench::fuzz::refused_or_read([&] {
        (void)reports::read_matrix_csv(path);
    });
    return 0;
}
