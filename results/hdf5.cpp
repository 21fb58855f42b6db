#include "results/hdf5.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

#include <sys/mman.h>

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

bool is_hdf5(const std::string& path) {
    silence_errors();
    return H5Fis_hdf5(path.c_str()) > 0;
}

Handle create_file(const std::string& path) {
    silence_errors();
    return {check(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), "create file '" + path + "'"),
            H5Fclose};
}

namespace {
// The core driver's buffer, kept when the file closes instead of being freed.
struct KeptBuffer {
    void* data = nullptr;
    ~KeptBuffer() { std::free(data); }
};

H5FD_file_image_callbacks_t keeping_callbacks(KeptBuffer* kept) {
    H5FD_file_image_callbacks_t c{};
    c.image_malloc = [](std::size_t size, H5FD_file_image_op_t, void*) { return std::malloc(size); };
    c.image_memcpy = [](void* dest, const void* src, std::size_t size, H5FD_file_image_op_t, void*) {
        return std::memcpy(dest, src, size);
    };
    c.image_realloc = [](void* ptr, std::size_t size, H5FD_file_image_op_t, void*) -> void* {
        if (ptr) return std::realloc(ptr, size);
        // the first (usually only) allocation, of the expected size: in huge pages where the
        // kernel has them, as the driver zero-fills it whole and a fault per 4 KB page costs
        // more than filling it
        constexpr std::size_t huge = std::size_t{2} << 20;
        if (size < huge) return std::malloc(size);
        void* p = std::aligned_alloc(huge, (size + huge - 1) / huge * huge);
        if (p) ::madvise(p, size, MADV_HUGEPAGE);  // advice only: its failure changes nothing
        return p;
    };
    c.image_free = [](void* ptr, H5FD_file_image_op_t op, void* udata) -> herr_t {
        auto* k = static_cast<KeptBuffer*>(udata);
        if (op == H5FD_FILE_IMAGE_OP_FILE_CLOSE && !k->data) k->data = ptr;
        else std::free(ptr);
        return 0;
    };
    // every copy of the property list points at the one `kept`, which outlives the file
    c.udata_copy = [](void* udata) { return udata; };
    c.udata_free = [](void*) -> herr_t { return 0; };
    c.udata = kept;
    return c;
}
}  // namespace

FileImage build_memory_file(const std::string& name, std::size_t size_hint, const std::function<void(hid_t)>& fill) {
    silence_errors();
    KeptBuffer kept;
    std::size_t size = 0;
    {
        Handle fapl(check(H5Pcreate(H5P_FILE_ACCESS), "create file access properties"), H5Pclose);
        // grown in steps of the expected size: one allocation, not a copy per 16 MB
        const std::size_t increment = std::max<std::size_t>(16 << 20, size_hint + (size_hint >> 4) + (1 << 20));
        check(H5Pset_fapl_core(fapl.get(), increment, /*backing_store=*/0), "use the core driver for", name);
        H5FD_file_image_callbacks_t callbacks = keeping_callbacks(&kept);
        check(H5Pset_file_image_callbacks(fapl.get(), &callbacks), "keep the memory of", name);
        check(H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_STRONG), "set the close degree of", name);
        Handle file(check(H5Fcreate(name.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), "create file '" + name + "' in memory"),
                    H5Fclose);
        fill(file.get());
        check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "flush", name);
        const ssize_t bytes = H5Fget_file_image(file.get(), nullptr, 0);  // the size only
        if (bytes < 0) throw std::runtime_error("HDF5: cannot get the image of '" + name + "'" + cause());
        size = static_cast<std::size_t>(bytes);
        check(H5Fclose(file.release()), "close", name);
    }
    if (!kept.data) throw std::runtime_error("HDF5: the image of '" + name + "' was not handed over when it closed");
    FileImage image;
    image.data.reset(static_cast<char*>(std::exchange(kept.data, nullptr)));
    image.size = size;
    return image;
}

Handle open_file(const std::string& path) {
    silence_errors();
    return {check(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open file '" + path + "'"), H5Fclose};
}

Handle create_group(hid_t parent, const std::string& name) {
    return {check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), "create group '" + name + "'"),
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

// A chunked 1-D dataset of `n` values; compressed (shuffle + deflate 1) on request.
template <class T>
static Handle create_column(hid_t parent, const std::string& name, hsize_t n, bool compress) {
    const hsize_t maxdim = H5S_UNLIMITED;
    Handle space(check(H5Screate_simple(1, &n, &maxdim), "create dataspace for '" + name + "'"), H5Sclose);
    Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
    const hsize_t chunk = std::clamp<hsize_t>(n, 1, 1 << 16);
    H5Pset_chunk(props.get(), 1, &chunk);
    if (compress && n > 4096) {
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

template <class T>
void write_column(hid_t parent, const std::string& name, hsize_t n, std::size_t parts,
                  const std::function<std::span<const T>(std::size_t)>& part, bool compress) {
    Handle set = create_column<T>(parent, name, n, compress);
    Handle file_space(check(H5Dget_space(set.get()), "get the dataspace of '" + name + "'"), H5Sclose);
    // whole chunks at a time (1 << 16 values) through one reused buffer
    std::vector<T> buffer;
    buffer.reserve(std::clamp<hsize_t>(n, 1, hsize_t{1} << 19));
    hsize_t written = 0;
    auto flush = [&] {
        if (buffer.empty()) return;
        const hsize_t count = buffer.size();
        Handle memory(check(H5Screate_simple(1, &count, nullptr), "create a memory space for '" + name + "'"), H5Sclose);
        check(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, &written, nullptr, &count, nullptr), "select", name);
        check(H5Dwrite(set.get(), native<T>(), memory.get(), file_space.get(), H5P_DEFAULT, buffer.data()), "write", name);
        written += count;
        buffer.clear();
    };
    for (std::size_t i = 0; i < parts; ++i) {
        std::span<const T> values = part(i);
        while (!values.empty()) {
            const std::size_t take = std::min(values.size(), buffer.capacity() - buffer.size());
            buffer.insert(buffer.end(), values.begin(), values.begin() + static_cast<std::ptrdiff_t>(take));
            values = values.subspan(take);
            if (buffer.size() == buffer.capacity()) flush();
        }
    }
    flush();
    if (written != n) throw std::runtime_error("HDF5: column '" + name + "' got " + std::to_string(written) +
                                               " values, expected " + std::to_string(n));
}
template void write_column(hid_t, const std::string&, hsize_t, std::size_t,
                           const std::function<std::span<const double>(std::size_t)>&, bool);
template void write_column(hid_t, const std::string&, hsize_t, std::size_t,
                           const std::function<std::span<const std::uint8_t>(std::size_t)>&, bool);

static Handle string_type();

void write_strings(hid_t parent, const std::string& name, const std::vector<std::string>& data) {
    const hsize_t n = data.size(), maxdim = H5S_UNLIMITED;
    Handle type = string_type();
    Handle space(check(H5Screate_simple(1, &n, &maxdim), "create dataspace for '" + name + "'"), H5Sclose);
    Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
    const hsize_t chunk = std::clamp<hsize_t>(n, 1, 1 << 14);
    H5Pset_chunk(props.get(), 1, &chunk);
    Handle set(check(H5Dcreate2(parent, name.c_str(), type.get(), space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
                     "create dataset '" + name + "'"),
               H5Dclose);
    std::vector<const char*> pointers;
    for (const std::string& s : data) pointers.push_back(s.c_str());
    if (n > 0) check(H5Dwrite(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, pointers.data()), "write", name);
}

std::vector<std::string> read_strings(hid_t parent, const std::string& name) {
    hsize_t n = 1;
    for (hsize_t d : shape(parent, name)) n *= d;
    Handle set(check(H5Dopen2(parent, name.c_str(), H5P_DEFAULT), "open dataset '" + name + "'"), H5Dclose);
    Handle type = string_type();
    std::vector<char*> pointers(n, nullptr);
    if (n > 0) check(H5Dread(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, pointers.data()), "read", name);
    std::vector<std::string> out;
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

bool has_attribute(hid_t obj, const std::string& name) { return H5Aexists(obj, name.c_str()) > 0; }

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
