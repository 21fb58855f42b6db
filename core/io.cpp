#include "core/io.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

#include "core/error.hpp"

namespace bobench {

static std::runtime_error write_error(const std::string& what, int error) {
    return std::runtime_error("cannot write " + what + (error ? std::string(": ") + std::strerror(error) : ""));
}

void check_written(std::ostream& out, const std::string& what) {
    if (out) {  // else errno still tells why the earlier write failed
        errno = 0;
        out.flush();
    }
    if (!out) throw write_error(what, errno);
}

void write_text_file(const std::string& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw UserError("cannot write '" + path + "': " + std::strerror(errno));
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    check_written(out, "'" + path + "'");
}

void write_all(int fd, std::string_view bytes, const std::string& what) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            throw write_error(what, errno);
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

std::string read_text_file(const std::string& path, const std::string& what, std::uintmax_t max_bytes) {
    namespace fs = std::filesystem;
    const std::string culprit = "cannot read " + what + " '" + path + "'";
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);  // a stat: never blocks, not even on a pipe
    if (!fs::exists(status)) throw UserError(culprit + ": no such file");
    if (fs::is_directory(status)) throw UserError(culprit + ": it is a folder");
    if (!fs::is_regular_file(status)) throw UserError(culprit + ": not a regular file (a device, a pipe or a socket)");
    const auto limit = [&] {
        return UserError(fmt::format("{}: it is larger than the {} MB a {} may be", culprit, max_bytes >> 20, what));
    };
    if (fs::file_size(path, ec) > max_bytes) throw limit();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UserError(culprit + ": " + std::strerror(errno));
    std::string text;
    char chunk[1 << 16];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {  // bounded also when the file grows meanwhile
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes) throw limit();
    }
    if (in.bad()) throw UserError(culprit + ": " + std::strerror(errno));
    return text;
}

}  // namespace bobench
