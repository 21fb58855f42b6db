// A reproduction's reference files: the paper's numbers, the causes table and the claims
// table, read as `bobench reproduce` reads them.

#include "reproductions/claims.hpp"
#include "reproductions/comparison.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace reproductions = bobench::reproductions;
    const std::string path = bobench::fuzz::as_file(data, size, ".csv");
    const reproductions::ReferenceColumns columns{"function", "method", "mean_final_regret", "std_final_regret",
                                                  {{"setting", "fixed_alpha"}}};
    bobench::fuzz::refused_or_read([&] {
        (void)reproductions::read_published(path, columns);
    });
    bobench::fuzz::refused_or_read([&] {
        (void)reproductions::read_causes(path);
    });
    bobench::fuzz::refused_or_read([&] {
        (void)reproductions::read_claims(path);
    });
    return 0;
}
