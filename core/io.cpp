#include "core/io.hpp"

#include <cerrno>
#include <cstring>
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

}  // namespace bobench
