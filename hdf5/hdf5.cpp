#include "hdf5/hdf5.hpp"

#include "core/error.hpp"
#include "core/io.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <new>
#include <exception>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <unistd.h>
#include <utility>

#include <zlib.h>

namespace bobench::h5 {

namespace {
template <class T> hid_t native();
template <> hid_t native<double>() { return H5T_NATIVE_DOUBLE; }
template <> hid_t native<std::int32_t>() { return H5T_NATIVE_INT32; }
template <> hid_t native<std::int64_t>() { return H5T_NATIVE_INT64; }
template <> hid_t native<std::uint64_t>() { return H5T_NATIVE_UINT64; }
template <> hid_t native<std::uint8_t>() { return H5T_NATIVE_UINT8; }

// The innermost entry of HDF5's error stack ("truncated file: eof = ..."), or "".
std::string cause() {
    std::string innermost;
    auto first = [](unsigned n, const H5E_error2_t* e, void* data) -> herr_t {
        if (n == 0 && e->desc) *static_cast<std::string*>(data) = e->desc;
        return 0;
    };
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, first, &innermost);  // upward: the most specific first
    return innermost.empty() ? innermost : " (" + innermost + ")";
}

hid_t check(hid_t id, const std::string& what) {
    if (id < 0) throw std::runtime_error("HDF5: cannot " + what + cause());
    return id;
}
void check(herr_t status, const char* what, const std::string& name) {
    if (status < 0) throw std::runtime_error(std::string("HDF5: cannot ") + what + " '" + name + "'" + cause());
}
}  // namespace

Handle& Handle::operator=(Handle&& o) noexcept {
    if (this != &o) {
        reset();
        id_ = o.id_;
        close_ = o.close_;
        o.id_ = -1;
    }
    return *this;
}

void Handle::reset() {
    if (id_ >= 0 && close_) close_(id_);
    id_ = -1;
}

void silence_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

namespace {
// HDF5's open of a FIFO waits for a writer, deaf to SIGINT and SIGTERM: what exists and is not
// a file is refused first, by a stat (which never blocks).
void refuse_non_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw UserError("cannot open '" + path + "': it is a folder, not an HDF5 file");
    require_regular_file(path, "cannot open '" + path + "'");
}
}  // namespace

bool is_hdf5(const std::string& path) {
    refuse_non_file(path);
    silence_errors();
    return H5Fis_hdf5(path.c_str()) > 0;
}

Handle create_file(const std::string& path) {
    silence_errors();
    return {check(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), "create file '" + path + "'"),
            H5Fclose};
}

// The end-of-file address a file's superblock records: the size HDF5 checks a file against
// when opening it (shorter: "truncated file"). It is the end of the last allocation at
// close, which may differ from the end of what was written (space reserved but not used is
// given back when the file closes), so it cannot be asked of the open file. The
// superblock is at offset 0 (no user block): the HDF5 File Format Specification,
// "Superblock" (versions 0 and 1: after 24 or 28 bytes of fields, the base address and
// the free-space address; versions 2 and 3: after 12, the base and extension addresses).
static std::uint64_t recorded_size(std::string_view image, const std::string& name) {
    const auto damaged = [&] { return std::runtime_error("HDF5: the image of '" + name + "' has no superblock bobench reads"); };
    if (image.size() < 48 || image.substr(0, 8) != std::string_view("\x89HDF\r\n\x1a\n", 8)) throw damaged();
    const auto version = static_cast<unsigned char>(image[8]);
    const std::size_t offset_size = static_cast<unsigned char>(image[version <= 1 ? 13 : 9]);
    const std::size_t fields = version == 0 ? 24 : version == 1 ? 28 : version <= 3 ? 12 : 0;
    if (fields == 0 || offset_size != 8) throw damaged();
    const auto address = [&](std::size_t at) {  // little-endian
        std::uint64_t v = 0;
        for (std::size_t b = 0; b < 8; ++b) v |= std::uint64_t{static_cast<unsigned char>(image[at + b])} << (8 * b);
        return v;
    };
    if (address(fields) != 0) throw damaged();  // base address: no user block
    return address(fields + 16);
}

static Handle untimed(hid_t kind, const std::string& name);

namespace {
// The virtual file driver of build_memory_file: the core driver without a backing store as
// HDF5 1.10 has it (its feature flags, so HDF5 allocates every address as it does there, and
// its end of file: the end of the last byte written), keeping what HDF5 writes in pages.
struct MemoryFile {
    H5FD_t base;  // first: HDF5 sees a MemoryFile as its H5FD_t
    FileImage* image;
    haddr_t eoa = 0, eof = 0;
};

constexpr std::size_t image_page = FileImage::page_size;

// Calls visit(page, within, done, n) for each page that bytes [addr, addr + size) touch: `n`
// bytes from `within` of the page at offset `page` are bytes [done, done + n) of the range.
// false as soon as visit returns false.
template <class Visit>
bool for_each_page(haddr_t addr, std::size_t size, Visit visit) {
    for (std::size_t done = 0; done < size;) {
        const std::uint64_t at = addr + done, page = at / image_page * image_page;
        const std::size_t within = static_cast<std::size_t>(at - page), n = std::min(size - done, image_page - within);
        if (!visit(page, within, done, n)) return false;
        done += n;
    }
    return true;
}

herr_t image_write(H5FD_t* file, H5FD_mem_t, hid_t, haddr_t addr, size_t size, const void* buffer) {
    auto* f = reinterpret_cast<MemoryFile*>(file);
    const auto* bytes = static_cast<const char*>(buffer);
    const bool written = for_each_page(addr, size, [&](std::uint64_t page, std::size_t within, std::size_t done, std::size_t n) {
        std::unique_ptr<char[]>& bytes_of_page = f->image->pages[page];
        if (!bytes_of_page) bytes_of_page.reset(new (std::nothrow) char[image_page]());
        if (!bytes_of_page) return false;  // out of memory: HDF5 reports the write failed
        std::memcpy(bytes_of_page.get() + within, bytes + done, n);
        return true;
    });
    if (!written) return -1;
    f->eof = std::max<haddr_t>(f->eof, addr + size);
    return 0;
}

herr_t image_read(H5FD_t* file, H5FD_mem_t, hid_t, haddr_t addr, size_t size, void* buffer) {
    const auto* f = reinterpret_cast<MemoryFile*>(file);
    auto* bytes = static_cast<char*>(buffer);
    for_each_page(addr, size, [&](std::uint64_t page, std::size_t within, std::size_t done, std::size_t n) {
        const auto it = f->image->pages.find(page);
        if (it == f->image->pages.end()) std::memset(bytes + done, 0, n);  // never written: zeros
        else std::memcpy(bytes + done, it->second.get() + within, n);
        return true;
    });
    return 0;
}

const H5FD_class_t memory_driver_class = [] {
    H5FD_class_t c{};
    c.name = "bobench-memory";
    c.maxaddr = (haddr_t{1} << 62) - 1;
    c.fc_degree = H5F_CLOSE_STRONG;
    c.fapl_size = sizeof(FileImage*);
    c.open = [](const char*, unsigned flags, hid_t fapl, haddr_t) -> H5FD_t* {
        // only made, never found: HDF5's tentative open (is the file there already?) finds nothing
        if (!(flags & H5F_ACC_CREAT)) return nullptr;
        const auto* image = static_cast<FileImage* const*>(H5Pget_driver_info(fapl));
        if (!image || !*image) return nullptr;
        auto* f = new (std::nothrow) MemoryFile{};
        if (!f) return nullptr;
        f->image = *image;
        return &f->base;
    };
    c.close = [](H5FD_t* file) -> herr_t {
        auto* f = reinterpret_cast<MemoryFile*>(file);
        f->image->written_end = f->eof;
        delete f;
        return 0;
    };
    c.cmp = [](const H5FD_t* a, const H5FD_t* b) { return a < b ? -1 : a > b ? 1 : 0; };
    c.query = [](const H5FD_t*, unsigned long* flags) -> herr_t {
        if (flags)
            *flags = H5FD_FEAT_AGGREGATE_METADATA | H5FD_FEAT_ACCUMULATE_METADATA | H5FD_FEAT_DATA_SIEVE |
                     H5FD_FEAT_AGGREGATE_SMALLDATA;
        return 0;
    };
    c.get_eoa = [](const H5FD_t* file, H5FD_mem_t) { return reinterpret_cast<const MemoryFile*>(file)->eoa; };
    c.set_eoa = [](H5FD_t* file, H5FD_mem_t, haddr_t addr) -> herr_t {
        reinterpret_cast<MemoryFile*>(file)->eoa = addr;
        return 0;
    };
    c.get_eof = [](const H5FD_t* file, H5FD_mem_t) { return reinterpret_cast<const MemoryFile*>(file)->eof; };
    c.read = image_read;
    c.write = image_write;
    // closing without a backing store, the core driver's truncate does nothing, nor does this
    c.truncate = [](H5FD_t*, hid_t, hbool_t) -> herr_t { return 0; };
    const H5FD_mem_t dichotomy[] = H5FD_FLMAP_DICHOTOMY;
    std::copy(std::begin(dichotomy), std::end(dichotomy), c.fl_map);
    return c;
}();

hid_t memory_driver() {
    static const hid_t id = H5FDregister(&memory_driver_class);  // once, for the process
    if (id < 0) throw std::runtime_error("HDF5: cannot register bobench's in-memory file driver");
    return id;
}
}  // namespace

FileImage build_memory_file(const std::string& name, const std::function<void(hid_t)>& fill) {
    silence_errors();
    FileImage image;
    {
        Handle fapl(check(H5Pcreate(H5P_FILE_ACCESS), "create file access properties"), H5Pclose);
        FileImage* const into = &image;
        check(H5Pset_driver(fapl.get(), memory_driver(), &into), "use the in-memory driver for", name);
        check(H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_STRONG), "set the close degree of", name);
        // the file format of HDF5 1.10 (superblock 3, object headers 2, chunk indexes that are
        // arrays and B-trees of version 2): every piece of its metadata carries a checksum that
        // HDF5 checks when it reads it, so a damaged header, index or name is refused rather
        // than misread (the format of 1.8 still indexes chunks with B-trees of version 1, which
        // have none; the default, the oldest format, has none at all). The data and the text
        // in the global heap (variable-length strings) have none: the results file checksums
        // those itself (results/store.hpp). HDF5 1.10 (2016) and later read it, h5py too.
        check(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V110, H5F_LIBVER_V110), "choose the file format of", name);
        Handle fcpl = untimed(H5P_FILE_CREATE, name);  // the root group's times too
        Handle file(check(H5Fcreate(name.c_str(), H5F_ACC_TRUNC, fcpl.get(), fapl.get()), "create file '" + name + "' in memory"),
                    H5Fclose);
        fill(file.get());
        check(H5Fclose(file.release()), "close", name);
    }
    const auto first = image.pages.find(0);
    if (first == image.pages.end()) throw std::runtime_error("HDF5: the image of '" + name + "' has no superblock bobench reads");
    image.file_size = recorded_size(std::string_view(first->second.get(), image_page), name);
    if (image.written_end > image.file_size)
        throw std::runtime_error("HDF5: '" + name + "' holds " + std::to_string(image.written_end) + " bytes, more than the " +
                                 std::to_string(image.file_size) + " it records");
    return image;
}

void write_file_whole(const std::string& path, const std::function<void(hid_t)>& fill) {
    // in memory first: HDF5 writing a file itself cannot report a full disk cleanly (its
    // close fails and its cleanup at exit crashes)
    require_regular_file(path, "cannot write '" + path + "'");  // renamed over, a pipe would just vanish
    const std::string tmp = temporary_path(path);
    remove_stale_temporaries(path);  // of killed writers of this file (a table of `tabular fixture`)
    const FileImage image = build_memory_file(tmp, fill);
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) throw std::runtime_error("cannot create '" + tmp + "': " + std::strerror(errno));
    try {
        for (const auto& [page, bytes] : image.pages) {  // the pages in order, holes (zeros) between them
            if (page >= image.file_size) break;
            if (::lseek(fd, static_cast<off_t>(page), SEEK_SET) < 0)
                throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
            const auto length = static_cast<std::size_t>(std::min<std::uint64_t>(FileImage::page_size, image.file_size - page));
            write_all(fd, std::string_view(bytes.get(), length), "'" + path + "'");
        }
        if (::ftruncate(fd, static_cast<off_t>(image.file_size)) != 0 || ::fsync(fd) != 0 ||
            ::close(std::exchange(fd, -1)) != 0)
            throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
        if (::rename(tmp.c_str(), path.c_str()) != 0)
            throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
    } catch (...) {
        if (fd >= 0) ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
}

Handle open_file(const std::string& path) {
    refuse_non_file(path);
    silence_errors();
    return {check(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open file '" + path + "'"), H5Fclose};
}

// Creation properties of a file (its root group), group or dataset without the modification
// times HDF5 records by default: a file's bytes then depend on its contents only, not on the
// second it was written in.
static Handle untimed(hid_t kind, const std::string& name) {
    Handle props(check(H5Pcreate(kind), "create properties for '" + name + "'"), H5Pclose);
    check(H5Pset_obj_track_times(props.get(), 0), "leave out the times of", name);
    return props;
}

Handle create_group(hid_t parent, const std::string& name) {
    Handle props = untimed(H5P_GROUP_CREATE, name);
    return {check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, props.get(), H5P_DEFAULT), "create group '" + name + "'"),
            H5Gclose};
}

Handle open_group(hid_t parent, const std::string& name) {
    return {check(H5Gopen2(parent, name.c_str(), H5P_DEFAULT), "open group '" + name + "'"), H5Gclose};
}

bool exists(hid_t parent, const std::string& name) { return H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0; }

std::vector<std::string> children(hid_t group) {
    std::vector<std::string> names;
    auto collect = [](hid_t, const char* name, const H5L_info_t*, void* data) -> herr_t {
        static_cast<std::vector<std::string>*>(data)->emplace_back(name);
        return 0;
    };
    check(H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, nullptr, collect, &names), "list", "group");
    return names;
}

// Chunked 1-D columns: chunks of up to 1 << 16 values, compressed (shuffle + deflate
// level 1) on request when longer than 4096 values.
static hsize_t chunk_length(hsize_t n) { return std::clamp<hsize_t>(n, 1, 1 << 16); }
static bool filtered(hsize_t n, bool compress) { return compress && n > 4096; }

template <class T>
static Handle create_column(hid_t parent, const std::string& name, hsize_t n, bool compress) {
    const hsize_t maxdim = H5S_UNLIMITED;
    Handle space(check(H5Screate_simple(1, &n, &maxdim), "create dataspace for '" + name + "'"), H5Sclose);
    Handle props = untimed(H5P_DATASET_CREATE, name);
    const hsize_t chunk = chunk_length(n);
    H5Pset_chunk(props.get(), 1, &chunk);
    if (filtered(n, compress)) {
        H5Pset_shuffle(props.get());
        H5Pset_deflate(props.get(), 1);
    }
    return Handle(check(H5Dcreate2(parent, name.c_str(), native<T>(), space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
                        "create dataset '" + name + "'"),
                  H5Dclose);
}

template <class T>
void write_vector(hid_t parent, const std::string& name, const std::vector<T>& data, bool compress) {
    Handle set = create_column<T>(parent, name, data.size(), compress);
    if (!data.empty()) check(H5Dwrite(set.get(), native<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), "write", name);
}

namespace {
// A chunk as HDF5's filters store it: the shuffle filter (byte k of every value, then
// byte k + 1 ...; values of one byte stay as they are), then deflate (zlib's compress2,
// what HDF5's deflate filter calls). Readers undo both through HDF5 as usual.
bool compress_chunk(const unsigned char* bytes, std::size_t size, std::size_t value_size, std::vector<unsigned char>& shuffled,
                    std::vector<unsigned char>& out) {
    const std::size_t values = size / value_size;
    if (value_size > 1 && values > 1) {
        shuffled.resize(size);
        for (std::size_t k = 0; k < value_size; ++k)
            for (std::size_t i = 0; i < values; ++i) shuffled[k * values + i] = bytes[i * value_size + k];
        bytes = shuffled.data();
    }
    // into a scratch buffer of the worst case's size, then `out` just as long as the result:
    // a batch of compressed chunks then holds their sizes, not the worst case's
    thread_local std::vector<unsigned char> scratch;
    uLongf length = ::compressBound(static_cast<uLong>(size));
    scratch.resize(length);
    if (::compress2(scratch.data(), &length, bytes, static_cast<uLong>(size), 1) != Z_OK) return false;
    out.assign(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(length));
    return true;
}
}  // namespace

template <class T>
void write_column(hid_t parent, const std::string& name, const ColumnParts<T>& column, bool compress, int threads,
                  ParallelCpu& cpu) {
    const std::size_t parts = column.lengths.size();
    std::vector<hsize_t> starts(parts + 1, 0);  // where each part begins in the column
    for (std::size_t i = 0; i < parts; ++i) starts[i + 1] = starts[i] + column.lengths[i];
    const hsize_t n = starts[parts];
    Handle set = create_column<T>(parent, name, n, compress);
    const hsize_t chunk = chunk_length(n), chunks = (n + chunk - 1) / chunk;
    const bool filter = filtered(n, compress);
    // a batch of chunks at a time: the compressed chunks (16 MB at most) wait in memory until
    // written in order
    constexpr hsize_t batch = 32;
    std::vector<std::vector<unsigned char>> stored(static_cast<std::size_t>(std::min(batch, chunks)));
    for (hsize_t first = 0; first < chunks; first += batch) {
        const hsize_t count = std::min(batch, chunks - first);
        // the first failure (a part that could not be read, or memory) ends the column after the batch
        std::mutex failing;
        std::exception_ptr failure;
        parallel_for(static_cast<long>(count), threads, [&](long k) {
            try {
                const hsize_t begin = (first + static_cast<hsize_t>(k)) * chunk, end = std::min(n, begin + chunk);
                thread_local std::vector<T> values;
                thread_local std::vector<unsigned char> shuffled;
                values.assign(chunk, T{});  // a last, partial chunk is stored whole, padded with zeros
                std::size_t i = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), begin) - starts.begin()) - 1;
                for (hsize_t at = begin; at < end; ++i) {
                    const hsize_t from = at - starts[i], take = std::min<hsize_t>(starts[i + 1] - at, end - at);
                    const std::span<const T> slice = column.slice(i, from, take);
                    std::copy(slice.begin(), slice.end(), values.begin() + static_cast<std::ptrdiff_t>(at - begin));
                    at += take;
                }
                const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
                std::vector<unsigned char>& out = stored[static_cast<std::size_t>(k)];
                if (!filter) out.assign(bytes, bytes + chunk * sizeof(T));
                else if (!compress_chunk(bytes, chunk * sizeof(T), sizeof(T), shuffled, out))
                    throw std::runtime_error("HDF5: cannot compress column '" + name + "' (out of memory?)");
            } catch (...) {  // an exception must not leave the parallel region
                const std::lock_guard<std::mutex> lock(failing);
                if (!failure) failure = std::current_exception();
            }
        }, cpu);
        if (failure) std::rethrow_exception(failure);
        for (hsize_t k = 0; k < count; ++k) {
            const hsize_t offset = (first + k) * chunk;
            const std::vector<unsigned char>& bytes = stored[static_cast<std::size_t>(k)];
            check(H5Dwrite_chunk(set.get(), H5P_DEFAULT, /*all filters applied*/ 0, &offset, bytes.size(), bytes.data()),
                  "write", name);
        }
    }
}
template void write_column(hid_t, const std::string&, const ColumnParts<double>&, bool, int, ParallelCpu&);
template void write_column(hid_t, const std::string&, const ColumnParts<std::uint8_t>&, bool, int, ParallelCpu&);
template void write_column(hid_t, const std::string&, const ColumnParts<std::int64_t>&, bool, int, ParallelCpu&);

template <class T>
haddr_t create_unfilled(hid_t parent, const std::string& name, hsize_t n) {
    Handle space(check(H5Screate_simple(1, &n, nullptr), "create dataspace for '" + name + "'"), H5Sclose);
    Handle props = untimed(H5P_DATASET_CREATE, name);
    check(H5Pset_layout(props.get(), H5D_CONTIGUOUS), "lay out", name);
    check(H5Pset_alloc_time(props.get(), H5D_ALLOC_TIME_EARLY), "allocate", name);
    check(H5Pset_fill_time(props.get(), H5D_FILL_TIME_NEVER), "leave unfilled", name);
    Handle set(check(H5Dcreate2(parent, name.c_str(), native<T>(), space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
                     "create dataset '" + name + "'"),
               H5Dclose);
    const haddr_t offset = H5Dget_offset(set.get());
    if (n > 0 && offset == HADDR_UNDEF) throw std::runtime_error("HDF5: dataset '" + name + "' got no storage");
    return offset;
}
template haddr_t create_unfilled<double>(hid_t, const std::string&, hsize_t);

static Handle string_type();

// Fixed-length texts (the longest one's length, the others padded with NULs), chunked,
// compressed and checked by HDF5 (Fletcher-32). Not variable-length: those lie in the global
// heap, which has no checksum and whose damaged parts make HDF5 1.10 hang or write past its
// buffers as it reads them (and variable-length data takes no filter).
void write_strings(hid_t parent, const std::string& name, const std::vector<std::string>& data) {
    std::size_t width = 1;  // the longest text, as a C string
    for (const std::string& s : data) width = std::max(width, std::strlen(s.c_str()));
    const hsize_t n = data.size(), maxdim = H5S_UNLIMITED;
    Handle type(check(H5Tcopy(H5T_C_S1), "copy the string type for '" + name + "'"), H5Tclose);
    check(H5Tset_size(type.get(), width), "size the texts of", name);
    check(H5Tset_strpad(type.get(), H5T_STR_NULLPAD), "pad the texts of", name);
    check(H5Tset_cset(type.get(), H5T_CSET_UTF8), "mark the texts of", name);
    Handle space(check(H5Screate_simple(1, &n, &maxdim), "create dataspace for '" + name + "'"), H5Sclose);
    Handle props = untimed(H5P_DATASET_CREATE, name);
    const hsize_t chunk = std::clamp<hsize_t>(std::min<hsize_t>(n, (1 << 20) / width), 1, 1 << 14);  // 1 MB at most
    check(H5Pset_chunk(props.get(), 1, &chunk), "chunk", name);
    check(H5Pset_deflate(props.get(), 1), "compress", name);  // the padding of the shorter texts
    check(H5Pset_fletcher32(props.get()), "checksum", name);
    Handle set(check(H5Dcreate2(parent, name.c_str(), type.get(), space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
                     "create dataset '" + name + "'"),
               H5Dclose);
    std::string padded(n * width, '\0');
    for (std::size_t i = 0; i < data.size(); ++i)
        std::memcpy(padded.data() + i * width, data[i].c_str(), std::strlen(data[i].c_str()));
    if (n > 0) check(H5Dwrite(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, padded.data()), "write", name);
}

std::vector<std::string> read_strings(hid_t parent, const std::string& name) {
    hsize_t n = 1;
    for (hsize_t d : shape(parent, name)) n *= d;
    Handle set(check(H5Dopen2(parent, name.c_str(), H5P_DEFAULT), "open dataset '" + name + "'"), H5Dclose);
    Handle stored(check(H5Dget_type(set.get()), "get the type of '" + name + "'"), H5Tclose);
    if (H5Tget_class(stored.get()) != H5T_STRING) throw std::runtime_error("HDF5: dataset '" + name + "' is not text");
    std::vector<std::string> out;
    if (H5Tis_variable_str(stored.get()) <= 0) {  // fixed length, padded with NULs
        const std::size_t width = H5Tget_size(stored.get());
        std::string texts(n * width, '\0');
        if (n > 0) check(H5Dread(set.get(), stored.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data()), "read", name);
        for (hsize_t i = 0; i < n; ++i) {
            const std::string_view text(texts.data() + i * width, width);
            out.emplace_back(text.substr(0, text.find('\0')));
        }
        return out;
    }
    // variable-length texts: files written before (results files of format_version 1)
    Handle type = string_type();
    std::vector<char*> pointers(n, nullptr);
    if (n > 0) check(H5Dread(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, pointers.data()), "read", name);
    for (char* p : pointers) out.emplace_back(p ? p : "");
    if (n > 0) {
        Handle space(H5Dget_space(set.get()), H5Sclose);
        H5Dvlen_reclaim(type.get(), space.get(), H5P_DEFAULT, pointers.data());
    }
    return out;
}

std::vector<hsize_t> shape(hid_t parent, const std::string& name) {
    Handle set(check(H5Dopen2(parent, name.c_str(), H5P_DEFAULT), "open dataset '" + name + "'"), H5Dclose);
    Handle space(H5Dget_space(set.get()), H5Sclose);
    const int rank = H5Sget_simple_extent_ndims(space.get());
    std::vector<hsize_t> dims(static_cast<std::size_t>(std::max(rank, 0)));
    if (rank > 0) H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
    return dims;
}

template <class T>
static std::vector<T> read_all(hid_t parent, const std::string& name) {
    hsize_t n = 1;
    for (hsize_t d : shape(parent, name)) n *= d;
    Handle set(check(H5Dopen2(parent, name.c_str(), H5P_DEFAULT), "open dataset '" + name + "'"), H5Dclose);
    std::vector<T> out(n);
    if (n > 0) check(H5Dread(set.get(), native<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()), "read", name);
    return out;
}

template <class T>
std::vector<T> read_vector(hid_t parent, const std::string& name) {
    return read_all<T>(parent, name);
}

std::vector<double> read_doubles(hid_t parent, const std::string& name) { return read_all<double>(parent, name); }

template void write_vector(hid_t, const std::string&, const std::vector<double>&, bool);
template void write_vector(hid_t, const std::string&, const std::vector<std::int32_t>&, bool);
template void write_vector(hid_t, const std::string&, const std::vector<std::int64_t>&, bool);
template void write_vector(hid_t, const std::string&, const std::vector<std::uint64_t>&, bool);
template void write_vector(hid_t, const std::string&, const std::vector<std::uint8_t>&, bool);
template std::vector<double> read_vector(hid_t, const std::string&);
template std::vector<std::int32_t> read_vector(hid_t, const std::string&);
template std::vector<std::int64_t> read_vector(hid_t, const std::string&);
template std::vector<std::uint64_t> read_vector(hid_t, const std::string&);
template std::vector<std::uint8_t> read_vector(hid_t, const std::string&);

// An error is no "no": a header HDF5 cannot decode (its checksum fails) throws, so a damaged
// file is never taken for one without the attribute.
bool has_attribute(hid_t obj, const std::string& name) {
    const htri_t found = H5Aexists(obj, name.c_str());
    if (found < 0) throw std::runtime_error("HDF5: cannot look for the attribute '" + name + "'" + cause());
    return found > 0;
}

static Handle string_type() {
    Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
    H5Tset_size(type.get(), H5T_VARIABLE);
    H5Tset_cset(type.get(), H5T_CSET_UTF8);
    return type;
}

void write_attribute(hid_t obj, const std::string& name, const std::string& value) {
    Handle type = string_type();
    Handle space(H5Screate(H5S_SCALAR), H5Sclose);
    Handle attr(check(H5Acreate2(obj, name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                      "create attribute '" + name + "'"),
                H5Aclose);
    const char* text = value.c_str();
    check(H5Awrite(attr.get(), type.get(), &text), "write attribute", name);
}

// A text of fixed length (its own, padded with a NUL where empty), not variable-length: such
// a text lies in the attribute itself, inside the object header or the dense attribute
// storage, which carry checksums (see build_memory_file), never in the global heap, which
// has none and whose damaged sizes make HDF5 1.10 write past its buffers as it reads.
void write_fixed_attribute(hid_t obj, const std::string& name, const std::string& value) {
    const std::size_t length = std::strlen(value.c_str());  // as a C string, as before
    Handle type(check(H5Tcopy(H5T_C_S1), "copy the string type for '" + name + "'"), H5Tclose);
    check(H5Tset_size(type.get(), std::max<std::size_t>(length, 1)), "size the text of", name);
    check(H5Tset_strpad(type.get(), H5T_STR_NULLPAD), "pad the text of", name);
    check(H5Tset_cset(type.get(), H5T_CSET_UTF8), "mark the text of", name);
    Handle space(H5Screate(H5S_SCALAR), H5Sclose);
    Handle attr(check(H5Acreate2(obj, name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                      "create attribute '" + name + "'"),
                H5Aclose);
    const std::string padded = length == 0 ? std::string(1, '\0') : value.substr(0, length);
    check(H5Awrite(attr.get(), type.get(), padded.data()), "write attribute", name);
}

void write_attribute(hid_t obj, const std::string& name, std::int64_t value) {
    Handle space(H5Screate(H5S_SCALAR), H5Sclose);
    Handle attr(check(H5Acreate2(obj, name.c_str(), H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                      "create attribute '" + name + "'"),
                H5Aclose);
    check(H5Awrite(attr.get(), H5T_NATIVE_INT64, &value), "write attribute", name);
}

std::string read_string_attribute(hid_t obj, const std::string& name) {
    Handle attr(check(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "open attribute '" + name + "'"), H5Aclose);
    Handle type(H5Aget_type(attr.get()), H5Tclose);
    if (H5Tget_class(type.get()) != H5T_STRING) throw std::runtime_error("HDF5: attribute '" + name + "' is not text");
    if (H5Tis_variable_str(type.get()) > 0) {
        Handle mem = string_type();
        char* text = nullptr;
        check(H5Aread(attr.get(), mem.get(), &text), "read attribute", name);
        std::string out = text ? text : "";
        Handle space(H5Aget_space(attr.get()), H5Sclose);
        H5Dvlen_reclaim(mem.get(), space.get(), H5P_DEFAULT, &text);
        return out;
    }
    std::string out(H5Tget_size(type.get()), '\0');
    check(H5Aread(attr.get(), type.get(), out.data()), "read attribute", name);
    return out.substr(0, out.find('\0'));
}

std::int64_t read_int_attribute(hid_t obj, const std::string& name) {
    Handle attr(check(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "open attribute '" + name + "'"), H5Aclose);
    std::int64_t v = 0;
    check(H5Aread(attr.get(), H5T_NATIVE_INT64, &v), "read attribute", name);
    return v;
}

}  // namespace bobench::h5
