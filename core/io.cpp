#include "core/io.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <stdexcept>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

#include "core/error.hpp"
#include "core/folder_output.hpp"
#include "core/text.hpp"

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

std::string temporary_path(const std::string& path) { return path + ".tmp-" + std::to_string(::getpid()); }

namespace fs = std::filesystem;

void remove_stale_temporaries(const fs::path& path) {
    const std::string prefix = path.filename().string() + ".tmp-";
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        long pid = 0;
        if (name.compare(0, prefix.size(), prefix) != 0 || !parse_long(name.substr(prefix.size()), pid) || pid <= 0)
            continue;
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) fs::remove_all(e.path(), ec);  // its writer is gone
    }
}

void require_regular_file(const std::string& path, const std::string& culprit) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);  // through links; a stat never blocks
    if (ec.value() == ELOOP) throw UserError(culprit + ": a loop of symbolic links");
    if (fs::is_directory(status)) throw UserError(culprit + ": it is a folder");
    if (fs::exists(status) && !fs::is_regular_file(status))
        throw UserError(culprit + ": not a regular file (a device, a pipe or a socket)");
}

void require_input_file(const std::string& path, const std::string& culprit) {
    std::error_code ec;
    if (!fs::exists(fs::status(path, ec))) throw UserError(culprit + ": no such file");
    require_regular_file(path, culprit);
}

// fsync of the closed file `path` (a descriptor of any mode syncs the file's data);
// "cannot write <what>: <reason>" when the disk did not take it.
static void sync_file(const std::string& path, const std::string& what) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw write_error(what, errno);
    const int synced = ::fsync(fd), error = errno;
    ::close(fd);
    if (synced != 0) throw write_error(what, error);
}

std::string link_target(const std::string& path) {
    fs::path p = path;
    std::error_code ec;
    for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
        const fs::path to = fs::read_symlink(p, ec);
        if (ec) break;
        p = to.is_absolute() ? to : p.parent_path() / to;
    }
    return p.string();
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    require_regular_file(path, "cannot write '" + path + "'");
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);  // through links
    const std::string target = link_target(path);  // a link stays a link: the file it names is written
    const std::string tmp = temporary_path(target), what = "'" + path + "'";
    remove_stale_temporaries(target);
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UserError("cannot write " + what + ": " + std::strerror(errno));
    try {
        write(out);
        out.close();
        check_written(out, what);
        sync_file(tmp, what);  // its bytes on the disk before its name: a crash leaves the old file, never an empty one
        if (fs::exists(status)) fs::permissions(tmp, status.permissions(), ec);  // the replaced file's mode
        if (::rename(tmp.c_str(), target.c_str()) != 0) throw write_error(what, errno);
    } catch (...) {
        ::unlink(tmp.c_str());
        throw;
    }
}

void write_text_file(const std::string& path, std::string_view text) {
    write_file_atomically(path, [&](std::ostream& out) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
}

void write_folder_atomically(const std::string& dir, const std::function<void(const fs::path&)>& fill) {
    fs::path folder(dir);
    if (!folder.has_filename()) folder = folder.parent_path();  // "out/"
    const fs::path staging = temporary_path(folder.string());
    std::error_code ec;
    if (fs::exists(fs::status(folder, ec)) && !fs::is_directory(fs::status(folder, ec)))
        throw UserError("cannot write '" + dir + "': it is no folder (a file, a pipe or a device)");
    remove_stale_temporaries(folder);
    fs::remove_all(staging, ec);  // a folder of an earlier process that had this PID
    if (!fs::create_directories(staging, ec))
        throw UserError("cannot create the output folder '" + dir + "'" + (ec ? ": " + ec.message() : std::string()));
    // a message names the folder the user gave, never the temporary one
    const auto named = [&](std::string what) {
        for (const auto& names : {std::pair{fs::absolute(staging).string(), fs::absolute(folder).string()},
                                  std::pair{staging.string(), folder.string()}})
            for (std::size_t at = what.find(names.first); at != std::string::npos;
                 at = what.find(names.first, at + names.second.size()))
                what.replace(at, names.first.size(), names.second);
        return what;
    };
    try {
        fill(staging);
        if (::rename(staging.c_str(), folder.c_str()) == 0) return;  // appears whole (replacing an empty folder)
        if (!fs::is_directory(folder)) throw std::runtime_error("cannot write '" + dir + "': " + std::strerror(errno));
        for (const fs::directory_entry& e : fs::directory_iterator(staging))  // "." or a mount point: entries move
            fs::rename(e.path(), folder / e.path().filename());
        fs::remove(staging);
    } catch (const fs::filesystem_error& e) {
        fs::remove_all(staging, ec);
        throw std::runtime_error("cannot write '" + dir + "': " + e.code().message());
    } catch (const UserError& e) {
        fs::remove_all(staging, ec);
        throw UserError(named(e.what()));
    } catch (const std::exception& e) {
        fs::remove_all(staging, ec);
        throw std::runtime_error(named(e.what()));
    } catch (...) {
        fs::remove_all(staging, ec);
        throw;
    }
}

FolderOutput::FolderOutput(const fs::path& dir) : dir_(dir) {
    std::error_code ec;
    if (dir_.empty()) return;
    if (fs::is_directory(dir_, ec)) {
        for (const fs::directory_entry& e : fs::directory_iterator(dir_, ec)) before_.push_back(e.path().filename());
        return;
    }
    for (fs::path p = fs::absolute(dir_, ec); !p.empty() && !fs::exists(fs::symlink_status(p, ec)); p = p.parent_path()) {
        created_ = p;
        if (p == p.parent_path()) break;
    }
}

FolderOutput::~FolderOutput() {
    if (kept_ || dir_.empty()) return;
    std::error_code ec;
    if (!created_.empty()) {
        fs::remove_all(created_, ec);
        return;
    }
    std::vector<fs::path> appeared;
    for (const fs::directory_entry& e : fs::directory_iterator(dir_, ec))
        if (std::find(before_.begin(), before_.end(), e.path().filename()) == before_.end()) appeared.push_back(e.path());
    for (const fs::path& p : appeared) fs::remove_all(p, ec);
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
    require_input_file(path, culprit);
    std::error_code ec;
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
