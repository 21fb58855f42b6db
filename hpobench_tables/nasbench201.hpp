#pragma once
// NAS-Bench-201 (Dong & Yang, ICLR 2020) as a table: a cell of 4 nodes whose 6 edges each
// carry one of 5 operations, 5^6 = 15,625 architectures, each trained on CIFAR-10,
// CIFAR-100 and ImageNet16-120 with a few seeds.
//
// The official data is a PyTorch pickle read through the nas_201_api package; bobench reads
// instead its own documented HDF5 layout (version 1, see hpobench_tables/README.md), which
// scripts/convert_nasbench201.py writes from the official file:
//
//   /                 attributes: layout = "bobench-nasbench201", layout_version = 1,
//                     dataset = cifar10|cifar100|imagenet16,
//                     operations = JSON list of the 5 operation names (op index order),
//                     edges = JSON list of the 6 edge names (column order of /arch),
//                     source = free text (where the numbers came from)
//   /arch             uint8 [N, 6]  operation index of each edge; rows in any order, every
//                                   architecture at most once (N = 15,625 for the full table)
//   /valid_error      float64 [N, R] final validation error per repeat (seed), a fraction
//   /test_error       float64 [N, R] final test error per repeat, a fraction
//   /runtime          float64 [N, R] training seconds per repeat
//   /repeats          uint8 [N] (optional) repeats row i has; entries beyond are ignored
//                                   (not every architecture was trained with every seed)
//   /valid_error_curve float64 [N, R, E] (optional) validation error after each epoch
//                                   1..E: the learning curves that make the problem
//                                   multi-fidelity (fidelity "epoch" in [1, E]; E = 200
//                                   in NAS-Bench-201's 200-epoch schedule)
//
// NaN entries within a row's repeats are failed evaluations. Objective: valid_error;
// test metric: test_error; cost: runtime (see TableProblem).
#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "hpobench_tables/table.hpp"

namespace bobench::tables::nasbench201 {

inline constexpr const char* layout_name = "bobench-nasbench201";
inline constexpr std::int64_t layout_version = 1;
inline constexpr std::uint64_t configurations = 15625;

// none, skip_connect, nor_conv_1x1, nor_conv_3x3, avg_pool_3x3 (NAS-Bench-201's order).
const std::vector<std::string>& operations();
// 1<-0, 2<-0, 2<-1, 3<-0, 3<-1, 3<-2: the edges in the order of NAS-Bench-201's arch strings.
const std::vector<std::string>& edges();
const std::vector<std::string>& datasets();  // cifar10, cifar100, imagenet16
std::string file_name(const std::string& dataset);  // nasbench201_cifar10.hdf5 ...

Space space();  // six categorical parameters named by the edges
// NAS-Bench-201's architecture string: |op~0|+|op~0|op~1|+|op~0|op~1|op~2|
std::string arch_string(const Point& x);

// Reads a file in bobench's NAS-Bench-201 layout; UserError naming the file and what is
// wrong (not HDF5, another layout or version, bad attribute, shape, operation index,
// repeated architecture).
Table load(const std::string& path);

// Writes a synthetic table in that layout (formula in hpobench_tables/README.md) with the
// root attribute `bobench_fixture`; n == 0 or >= 15,625: every architecture. Rows are
// written in the scrambled order i * 7919 mod 15,625, to keep readers honest about order.
// `epochs` > 0 adds /valid_error_curve with that many epochs (0: a single-fidelity table;
// `bobench tabular fixture` writes NAS-Bench-201's 200 unless told otherwise).
void write_fixture(const std::string& path, const std::string& dataset, std::uint64_t n, std::size_t epochs = 0);

// `nasbench201:dataset=cifar10|cifar100|imagenet16[,data_dir=DIR][,file=PATH][,repeat=...]
//  [,valid_optimum=...][,missing=error|fail]`
ProblemFactory factory();

}  // namespace bobench::tables::nasbench201
