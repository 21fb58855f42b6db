#pragma once
// The tracks' centre-line files (testfunctions/racing/tracks/*.txt), compiled into the
// library by cmake/embed_racing_tracks.cmake so that an installed bobench needs no data
// directory. Each text holds two comma-separated rows: x, then y.
namespace bobench::racing::data {
extern const char* const ucb_center;
extern const char* const ethz_center;
extern const char* const ethzMobil_center;
}  // namespace bobench::racing::data
