#pragma once
// HDF5 reading and writing that the table readers need beyond hdf5/hdf5.hpp: numeric
// datasets of any rank and type read into a reused buffer with their shape (no exception
// on the common "missing / wrong type" cases, so a reader can name the group at fault),
// text datasets, and n-dimensional float64 / uint8 writes in h5py's default storage
// (contiguous, uncompressed).
#include <string>
#include <vector>

#include "hdf5/hdf5.hpp"

namespace bobench::tables::h5io {

enum class ReadStatus { Ok, Missing, NotDataset, NotNumeric };

// Reads dataset `name` under `loc` as doubles (converted by HDF5), row-major; `dims` gets
// its shape (empty for a scalar). `out` is resized, so a caller reusing it does not allocate.
ReadStatus read_numeric(hid_t loc, const char* name, std::vector<hsize_t>& dims, std::vector<double>& out);
std::string describe(ReadStatus status);  // "is missing", "is not a dataset", ...

// A 1-D dataset of text (fixed or variable length) into `out`; false when it is not text.
bool read_strings(hid_t loc, const std::string& name, std::vector<std::string>& out);
// HDF5 class and shape of a dataset, for listings ("float64 [4, 100]").
std::string type_and_shape(hid_t loc, const std::string& name);

std::string shape_text(const std::vector<hsize_t>& dims);  // "[4, 100]", "scalar"

void write_doubles(hid_t loc, const std::string& name, const std::vector<hsize_t>& dims, const double* data);
void write_uint8(hid_t loc, const std::string& name, const std::vector<hsize_t>& dims, const unsigned char* data);
void write_strings(hid_t loc, const std::string& name, const std::vector<std::string>& values);

}  // namespace bobench::tables::h5io
