// The external protocols' decoder: one reply line, then its points read against a space
// with every parameter type, as the external optimizer reads the points of a reply, and
// its "space" read as the external problem reads a description.

#include "core/external/protocol.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using bobench::Param;
    static const bobench::Space space({Param::real("x0", -5.0, 10.0), Param::integer("n", 1, 8),
                                       Param::ordinal("lr", {0.001, 0.01}),
                                       Param::categorical("act", {"relu", "tanh"})});
    bobench::fuzz::refused_or_read([&] {
        const nlohmann::json message = bobench::external::parse_message(bobench::fuzz::text(data, size));
        if (message.is_object() && message.contains("points") && message["points"].is_array())
            for (const nlohmann::json& x : message["points"]) (void)bobench::external::point_from_json(space, x);
        if (message.is_object() && message.contains("space"))
            (void)bobench::external::space_from_json(message["space"]);
    });
    return 0;
}
