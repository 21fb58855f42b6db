#pragma once
// Thin RAII and typed helpers over the HDF5 C API: just what the trace store and the
// tabular readers need. Every failure becomes an exception naming the file and object;
// HDF5's own error-stack printing is switched off.
#include <hdf5.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string_view>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/column_parts.hpp"
#include "core/cpu_time.hpp"

namespace bobench::h5 {

class Handle {
public:
    using Closer = herr_t (*)(hid_t);
    Handle() = default;
    Handle(hid_t id, Closer close) : id_(id), close_(close) {}
    Handle(Handle&& o) noexcept : id_(o.id_), close_(o.close_) { o.id_ = -1; }
    Handle& operator=(Handle&& o) noexcept;
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { reset(); }
    void reset();
    hid_t release() { return std::exchange(id_, -1); }  // the caller closes it
    hid_t get() const { return id_; }
    explicit operator bool() const { return id_ >= 0; }

private:
    hid_t id_ = -1;
    Closer close_ = nullptr;
};

void silence_errors();  // idempotent; called by every opener below

bool is_hdf5(const std::string& path);
Handle create_file(const std::string& path);  // truncates
// A file built in memory (`name` just identifies it): `fill` writes its contents (and closes
// what it opens). HDF5 allocates and writes it exactly as with its core driver (without a
// backing store), but the memory holds only the bytes HDF5 wrote, in pages of 64 KB: a file
// whose unfilled datasets (create_unfilled) lie before some of its metadata costs the size of
// what HDF5 wrote, not of the file (the core driver's buffer would cover, and zero, all of
// it). `pages` maps a page's offset in the file to its bytes; bytes in no page are zeros; the
// file is `file_size` bytes long (which a page may reach beyond).
struct FileImage {
    static constexpr std::size_t page_size = std::size_t{64} << 10;
    std::map<std::uint64_t, std::unique_ptr<char[]>> pages;
    std::uint64_t file_size = 0;
    std::uint64_t written_end = 0;  // the end of the last byte HDF5 wrote
};
FileImage build_memory_file(const std::string& name, const std::function<void(hid_t)>& fill);
// The file `path` written whole or not at all: built in memory (build_memory_file, whose
// `fill` writes into the file's root), written to `path`.tmp-PID, synced and renamed into
// place. On a failure (a full disk) the temporary file is removed and std::runtime_error
// names `path` and the reason.
void write_file_whole(const std::string& path, const std::function<void(hid_t)>& fill);
Handle open_file(const std::string& path);    // read-only
Handle create_group(hid_t parent, const std::string& name);
Handle open_group(hid_t parent, const std::string& name);
bool exists(hid_t parent, const std::string& name);
std::vector<std::string> children(hid_t group);  // names of the group's members, in name order

// 1-D datasets of a native type, chunked. `compress` (shuffle + deflate level 1) pays off
// for columns with much repetition (costs, flags, seeds), not for random doubles.
template <class T>
void write_vector(hid_t parent, const std::string& name, const std::vector<T>& data, bool compress = true);
template <class T>
std::vector<T> read_vector(hid_t parent, const std::string& name);
// 1-D dataset of a column's parts, front to back (e.g. one run's evaluations each), chunked
// (1 << 16 values) and compressed as write_vector does. The chunks are gathered (a slice of
// the parts at a time) and compressed by up to `threads` threads (their CPU time added to
// `cpu`) and written whole, in order: the file does not depend on the thread count.
template <class T>
void write_column(hid_t parent, const std::string& name, const ColumnParts<T>& column, bool compress, int threads,
                  ParallelCpu& cpu);
// 1-D dataset of `n` values stored in one contiguous block, allocated now and never
// written by HDF5 (no fill value): its values are to be put at the returned offset of the
// file by the caller (HADDR_UNDEF when n is 0). Created last, after everything else, such
// blocks lie beyond the image build_memory_file returns (short ones may lie within it,
// where it holds zeros).
template <class T>
haddr_t create_unfilled(hid_t parent, const std::string& name, hsize_t n);
// 1-D dataset of UTF-8 strings, written as fixed-length strings (see hdf5.cpp); read_strings
// reads variable-length ones too.
void write_strings(hid_t parent, const std::string& name, const std::vector<std::string>& data);
std::vector<std::string> read_strings(hid_t parent, const std::string& name);
// Shape of a dataset (empty for a scalar).
std::vector<hsize_t> shape(hid_t parent, const std::string& name);
// Any-rank dataset read as doubles in row-major order (converted by HDF5).
std::vector<double> read_doubles(hid_t parent, const std::string& name);

bool has_attribute(hid_t obj, const std::string& name);
void write_attribute(hid_t obj, const std::string& name, const std::string& value);  // variable-length
// A text attribute of fixed length, out of the global heap (see hdf5.cpp): the results file's.
void write_fixed_attribute(hid_t obj, const std::string& name, const std::string& value);
void write_attribute(hid_t obj, const std::string& name, std::int64_t value);
std::string read_string_attribute(hid_t obj, const std::string& name);
std::int64_t read_int_attribute(hid_t obj, const std::string& name);

}  // namespace bobench::h5
