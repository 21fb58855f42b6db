#pragma once
// Writing that is checked: a full disk, a file-size limit or /dev/full must end a command
// with an error naming the output and the system's reason, never with a truncated file
// and exit status 0.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace bobench {

// Flushes `out` and throws std::runtime_error "cannot write <what>: <reason>" when
// anything written to it was lost.
void check_written(std::ostream& out, const std::string& what);

// Writes `text` to the file `path` (created or truncated) and checks it: UserError when it
// cannot be opened, std::runtime_error when writing fails.
void write_text_file(const std::string& path, std::string_view text);

// Writes all of `bytes` to the file descriptor `fd` (retrying short writes); throws
// std::runtime_error "cannot write <what>: <reason>".
void write_all(int fd, std::string_view bytes, const std::string& what);

// Reads the whole of a file a user names (a spec, a CSV): UserError "cannot read <what>
// '<path>': ..." when it is missing, a folder, not a regular file (a device or a pipe,
// which would never end or block) or larger than `max_bytes`.
std::string read_text_file(const std::string& path, const std::string& what, std::uintmax_t max_bytes);

}  // namespace bobench
