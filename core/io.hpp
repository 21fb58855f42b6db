#pragma once
// Writing that is checked: a full disk, a file-size limit or /dev/full must end a command
// with an error naming the output and the system's reason, never with a truncated file
// and exit status 0.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace bobench {

// Flushes `out` and throws std::runtime_error "cannot write <what>: <reason>" when
// anything written to it was lost.
void check_written(std::ostream& out, const std::string& what);

// Writes the file `path` whole or not at all: `write` fills a temporary beside it
// (`<path>.tmp-PID`), which replaces `path` once every write and the close succeeded. On a
// failure (a full disk, an exception of `write`) the temporary is removed and an existing
// `path` keeps its content. Errors name `path`: UserError when it is a folder or the
// temporary cannot be created, std::runtime_error "cannot write '<path>': <reason>" when
// writing fails. A link is followed (the file it names is replaced); a `path` that exists
// and is no regular file (/dev/null, a terminal) is written in place.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// write_file_atomically of `text`.
void write_text_file(const std::string& path, std::string_view text);

// The name of the temporary that stands for `path` while this process writes it.
std::string temporary_path(const std::string& path);

// Fills the folder `dir` (absent or empty) whole or not at all: `fill` writes into a
// sibling `<dir>.tmp-PID`; on success that becomes `dir` (when `dir` exists, its entries
// move in one by one), on a failure it is removed with all it holds.
void write_folder_atomically(const std::string& dir, const std::function<void(const std::filesystem::path&)>& fill);

// Writes all of `bytes` to the file descriptor `fd` (retrying short writes); throws
// std::runtime_error "cannot write <what>: <reason>".
void write_all(int fd, std::string_view bytes, const std::string& what);

// Reads the whole of a file a user names (a spec, a CSV): UserError "cannot read <what>
// '<path>': ..." when it is missing, a folder, not a regular file (a device or a pipe,
// which would never end or block) or larger than `max_bytes`.
std::string read_text_file(const std::string& path, const std::string& what, std::uintmax_t max_bytes);

}  // namespace bobench
