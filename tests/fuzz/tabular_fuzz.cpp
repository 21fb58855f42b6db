// The generic table reader of `table:file=...` problems and `bobench tabular` (CSV).

#include "hpobench_tables/generic.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace generic = bobench::tables::generic;
    bobench::fuzz::refused_or_read([&] {
        const generic::Columns columns = generic::read_columns(bobench::fuzz::as_file(data, size, ".csv"));
        (void)generic::describe_columns(columns);
    });
    return 0;
}
