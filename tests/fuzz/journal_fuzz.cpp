// The journal reader: record by record as a restart reads a journal (Journal::decode), and
// the whole file through the Journal a restart opens.
#include <cstring>

#include "results/journal.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using bobench::results::Journal;
    const char* bytes = reinterpret_cast<const char*>(data);
    bobench::fuzz::refused_or_read([&] {
        for (std::size_t at = 0, used = 0; at < size; at += used)
            if (!Journal::decode(bytes + at, size - at, &used) || used == 0) break;
    });
    // The experiment the journal is opened for: the one its header names (bytes 8-15, after
    // the 8-byte magic), so that mutated records are read rather than refused at the header.
    std::uint64_t experiment = 0;
    if (size >= 16) std::memcpy(&experiment, data + 8, sizeof experiment);
    bobench::fuzz::refused_or_read([&] {
        Journal journal(bobench::fuzz::as_file(data, size, ".journal"), experiment);
        (void)journal.recovered();
    });
    return 0;
}
