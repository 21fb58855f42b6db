// The experiment spec's INI reader (runners::parse_spec), as `bobench run SPEC` reads it.

#include "runners/spec.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bobench::fuzz::refused_or_read([&] {
        (void)bobench::runners::parse_spec(bobench::fuzz::text(data, size), "fuzz.ini", {"reproduction"});
    });
    return 0;
}
