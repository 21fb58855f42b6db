#pragma once
// Shared by the libFuzzer targets of this folder (built by scripts/fuzz, never by the test
// build): the input as text, or as a file for the readers that take a path. Every target
// calls the parser exactly as bobench does; an exception is a refused input (what the
// parsers promise), a crash or a sanitizer report is a finding.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

namespace bobench::fuzz {

// Calls read(); an exception is the parser refusing the input, which is what it promises.
template <class Read>
void refused_or_read(Read read) {
    try {
        read();
    } catch (const std::exception&) {
    }
}

inline std::string text(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

// The input written to one file per process (so parallel fuzzing jobs do not share it),
// in $TMPDIR or /tmp, with the extension the reader expects.
inline std::string as_file(const std::uint8_t* data, std::size_t size, const std::string& extension) {
    static const std::string path = (std::filesystem::temp_directory_path() /
                                     ("bobench-fuzz-" + std::to_string(::getpid()) + extension))
                                        .string();
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data),
                                                                   static_cast<std::streamsize>(size));
    return path;
}

}  // namespace bobench::fuzz
