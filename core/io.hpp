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

// The one check of every file a user names, to read or to write: UserError "<culprit>: it
// is a folder" or "<culprit>: not a regular file (a device, a pipe or a socket)" when `path`
// exists (through links) and is no regular file. It is a stat, which never blocks: opening
// a pipe (FIFO) waits for its other end, reading a device may never end, and a file written
// whole (a temporary renamed over it) would replace a pipe or a device instead of writing
// to it. An absent `path` passes.
void require_regular_file(const std::string& path, const std::string& culprit);
// require_regular_file of a file to read, which must exist: UserError "<culprit>: no such
// file" when `path` is absent.
void require_input_file(const std::string& path, const std::string& culprit);

// Writes the file `path` whole or not at all: `write` fills a temporary beside it
// (`<path>.tmp-PID`), which replaces `path` once every write and the close succeeded. On a
// failure (a full disk, an exception of `write`) the temporary is removed and an existing
// `path` keeps its content. Errors name `path`: UserError when it exists and is no regular
// file (require_regular_file: a folder, a pipe, /dev/null; standard output is the way to
// stream a command's output) or the temporary cannot be created, std::runtime_error
// "cannot write '<path>': <reason>" when writing fails. A link is followed (the file it
// names is replaced).
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// write_file_atomically of `text`.
void write_text_file(const std::string& path, std::string_view text);

// The name of the temporary that stands for `path` while this process writes it.
std::string temporary_path(const std::string& path);
// Removes the temporaries of `path` (files or folders `<path>.tmp-PID`) whose writer is no
// longer alive (killed with -9, say): each may be as large as the output. A live writer's,
// and any other file, stay. write_file_atomically and write_folder_atomically call it.
void remove_stale_temporaries(const std::filesystem::path& path);

// Fills the folder `dir` (absent or empty) whole or not at all: `fill` writes into a
// sibling `<dir>.tmp-PID`; on success that becomes `dir` (when `dir` exists, its entries
// move in one by one), on a failure it is removed with all it holds. UserError "cannot
// write '<dir>': it is no folder" when `dir` exists and is no folder (a file, a pipe).
void write_folder_atomically(const std::string& dir, const std::function<void(const std::filesystem::path&)>& fill);

// The file `path` names: its symbolic links followed by hand (so also to a file that does not
// exist yet, which std::filesystem::canonical refuses), at most 40 of them; `path` itself when
// it is no link.
std::string link_target(const std::string& path);

// Writes all of `bytes` to the file descriptor `fd` (retrying short writes); throws
// std::runtime_error "cannot write <what>: <reason>".
void write_all(int fd, std::string_view bytes, const std::string& what);

// Reads the whole of a file a user names (a spec, a CSV): UserError "cannot read <what>
// '<path>': ..." when it is missing, a folder, not a regular file (a device or a pipe,
// which would never end or block) or larger than `max_bytes`.
std::string read_text_file(const std::string& path, const std::string& what, std::uintmax_t max_bytes);

}  // namespace bobench
