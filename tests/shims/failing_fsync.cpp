// Preloaded (LD_PRELOAD) into bobench by tests/cli/atomic_outputs_test.cpp: every fsync fails
// with EIO, as on a disk that lost the cached bytes, so the test sees that an output whose
// sync fails is never renamed into place (core/io.cpp, write_file_atomically).
#include <cerrno>

extern "C" int fsync(int) {
    errno = EIO;
    return -1;
}

extern "C" int fdatasync(int) {
    errno = EIO;
    return -1;
}
