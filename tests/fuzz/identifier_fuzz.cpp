// The identifier grammar NAME:k=v,... and the expansion of lists and ranges (f=1-24,d=2,5),
// bound against integer, real and choice parameters as a problem factory binds them.

#include "core/params.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using bobench::ParamSpec;
    static const std::vector<ParamSpec> specs = {
        ParamSpec::integer("f", 1, "function", 1, 24), ParamSpec::integer("d", 2, "dimension", 1, 100),
        ParamSpec::real("noise", 0.0, "noise sd", 0.0), ParamSpec::choice("kind", "a", {"a", "b"}, "kind"),
        ParamSpec::text("file", "", "a file")};
    bobench::fuzz::refused_or_read([&] {
        const bobench::Identifier id = bobench::Identifier::parse(bobench::fuzz::text(data, size));
        (void)id.str();
        std::vector<std::string> suffix;
        for (const bobench::Identifier& one : bobench::expand_lists(id, specs, &suffix))
            (void)bobench::bind_args("fuzz", specs, one);
    });
    return 0;
}
